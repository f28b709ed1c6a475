// A library character's expression pictures (a RisuAI card's, K11): a strip of small named pictures
// read from this device's picture store, or a line saying they are on the device that imported the card.
import { For, Show, createResource, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';

export function CharacterExpressions(props: {
  characterId: string;
  name: string;
  count: number;
}): JSX.Element {
  const { api } = useDriver();
  const [shown] = createResource(
    () => props.characterId,
    async (id) => {
      const r = await api.characterExpressions(id);
      return r.ok ? r.expressions : [];
    },
  );
  const here = () => (shown() ?? []).filter((e) => e.src !== null);
  const elsewhere = () => (shown() ?? []).length - here().length;
  return (
    <div class="character-expressions">
      <span class="character-facts">{t('Expressions: {count}', { count: props.count })}</span>
      <Show when={here().length > 0}>
        <ul aria-label={t('Expressions of {name}', { name: props.name })}>
          <For each={here()}>
            {(e) => (
              <li>
                <img src={e.src ?? ''} alt={e.name} title={e.name} loading="lazy" />
                <span>{e.name}</span>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={elsewhere() > 0}>
        <p class="hint">
          {t(
            'Expression pictures not on this device ({count}): they are on the device that imported this card.',
            {
              count: elsewhere(),
            },
          )}
        </p>
      </Show>
    </div>
  );
}

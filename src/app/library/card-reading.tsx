// Card reading for one library character: the person picks the world the card is read into (a new
// one, or a library world), then talks with the card-reading assistant, which proposes each piece
// for them to apply or reject. A new world's id is chosen here; it exists once a piece is applied.
import { For, Show, createSignal, type JSX } from 'solid-js';
import type { World } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { AssistantPanel } from '../assistant/lazy-assistant-panel.ts';

export function CardReading(props: { characterId: string; name: string }): JSX.Element {
  const { api } = useDriver();
  const [open, setOpen] = createSignal(false);
  const [worlds, setWorlds] = createSignal<World[]>([]);
  const newWorldId = `world-${crypto.randomUUID()}`;
  const [worldId, setWorldId] = createSignal(newWorldId);
  const [reading, setReading] = createSignal<string>();
  const toggle = async (): Promise<void> => {
    if (!open()) setWorlds(await api.listWorlds());
    setOpen(!open());
    setReading(undefined);
  };
  const panelId = `card-reading-${props.characterId}`;
  return (
    <div class="stack">
      <div class="row">
        <button
          type="button"
          class="secondary small"
          aria-expanded={open()}
          aria-controls={panelId}
          aria-label={t('Read the card of {name} into a world with the model', { name: props.name })}
          onClick={() => void toggle()}
        >
          {t('Read into a world with the model')}
        </button>
      </div>
      <Show when={open()}>
        <div id={panelId} class="stack">
          <div class="row">
            <label class="field">
              <span>{t('Into which world')}</span>
              <select value={worldId()} onChange={(e) => setWorldId(e.currentTarget.value)}>
                <option value={newWorldId}>{t('A new world named {name}', { name: props.name })}</option>
                <For each={worlds()}>{(w) => <option value={w.id}>{w.name}</option>}</For>
              </select>
            </label>
            <button type="button" class="small" onClick={() => setReading(worldId())}>
              {t('Start reading')}
            </button>
          </div>
          <Show when={reading()} keyed>
            {(id) => (
              <AssistantPanel
                subject={{ kind: 'card', id: props.characterId, worldId: id }}
                onChanged={() => undefined}
              />
            )}
          </Show>
        </div>
      </Show>
    </div>
  );
}

// How the new story opens: nothing (you write first), or one of the greetings of the characters'
// cards — the first message or another opening — as that character's first turn.
import { For, Show, type JSX } from 'solid-js';
import type { NewStoryInput } from '../../workers/api.ts';
import type { CharacterDraft } from './character-fields.tsx';
import { t } from '../i18n/ui-text.ts';

/** How much of a greeting names it in the list. */
const PREVIEW = 70;
const ELLIPSIS = '…';

interface Greeting {
  key: string;
  character: string;
  text: string;
}

function greetingsOf(characters: readonly CharacterDraft[]): Greeting[] {
  return characters.flatMap((c, i) =>
    [c.card?.firstMessage ?? '', ...(c.greetings ?? [])]
      .filter((g) => g.trim())
      .map((text, j) => ({ key: `${i}:${j}`, character: c.name.trim(), text })),
  );
}

/** The opening the form asks for: the chosen greeting, by its key. */
export function openingInput(
  key: string,
  characters: readonly CharacterDraft[],
): Pick<NewStoryInput, 'opening'> {
  const g = greetingsOf(characters).find((x) => x.key === key);
  return g && g.character ? { opening: { character: g.character, text: g.text } } : {};
}

const preview = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW ? line.slice(0, PREVIEW).concat(ELLIPSIS) : line;
};

export function OpeningChoice(props: {
  characters: readonly CharacterDraft[];
  value: string;
  onChange: (key: string) => void;
}): JSX.Element {
  const greetings = () => greetingsOf(props.characters);
  return (
    <Show when={greetings().length}>
      <label class="field">
        <span>{t('How the story opens')}</span>
        <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
          <option value="">{t('You write first')}</option>
          <For each={greetings()}>
            {(g) => (
              <option value={g.key}>
                {t('{name}: {greeting}', { name: g.character, greeting: preview(g.text) })}
              </option>
            )}
          </For>
        </select>
      </label>
    </Show>
  );
}

// Who is in the scene: a toggle per character. A character who leaves takes no turns and perceives
// nothing until they join again (later turns are not part of their history).
import { For, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function PresenceList(props: { story: StoryState }): JSX.Element {
  const characters = () => props.story.overview()?.participants.filter((p) => p.kind === 'character') ?? [];
  return (
    <div class="presence" role="group" aria-label={t('In the scene')}>
      <span class="presence-label" aria-hidden="true">
        {t('In the scene:')}
      </span>
      <For each={characters()}>
        {(c) => (
          <button
            type="button"
            class="small secondary presence-toggle"
            aria-pressed={c.present}
            title={
              c.present
                ? t('{name} is here: press to let them leave', { name: c.name })
                : t('Press to let {name} join', { name: c.name })
            }
            onClick={() => void props.story.setPresent(c.id, !c.present)}
          >
            {c.name}
          </button>
        )}
      </For>
    </div>
  );
}

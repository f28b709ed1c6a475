// The cast: who is in the scene, a toggle per character (a character who leaves takes no turns and
// perceives nothing until they join again: later turns are not part of their history), and a way into
// what each participant remembers, the user included; each one's card (or the user's persona) opens
// in the cast editor.
import { createSignal, For, Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { CastEditor } from './cast-editor.tsx';
import './cast.css';
import type { StoryState } from './story-state.ts';

export function PresenceList(props: {
  story: StoryState;
  /** Opens "What X remembers" for a participant. */
  onRemember: (participantId: string) => void;
}): JSX.Element {
  const participants = () => props.story.overview()?.participants ?? [];
  const characters = () => participants().filter((p) => p.kind === 'character');
  // The user first: their own memories are the ones they are most likely to look for.
  const everyone = () => [...participants().filter((p) => p.kind === 'user'), ...characters()];
  const [editing, setEditing] = createSignal<string | null>(null);
  const edited = () => participants().find((p) => p.id === editing());
  return (
    <>
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
      <div class="presence" role="group" aria-label={t('Memories')}>
        <span class="presence-label" aria-hidden="true">
          {t('Memories:')}
        </span>
        <For each={everyone()}>
          {(p) => (
            <button
              type="button"
              class="small secondary"
              aria-label={t('What {name} remembers', { name: p.name })}
              aria-haspopup="dialog"
              onClick={() => props.onRemember(p.id)}
            >
              {p.kind === 'user' ? t('{name} (you)', { name: p.name }) : p.name}
            </button>
          )}
        </For>
      </div>
      <div class="presence" role="group" aria-label={t('Cards')}>
        <span class="presence-label" aria-hidden="true">
          {t('Cards:')}
        </span>
        <For each={everyone()}>
          {(p) => (
            <button
              type="button"
              class="small secondary"
              aria-expanded={editing() === p.id}
              onClick={() => setEditing(editing() === p.id ? null : p.id)}
            >
              {p.kind === 'user' ? t('Edit your persona') : t('Edit {name}', { name: p.name })}
            </button>
          )}
        </For>
      </div>
      <Show when={edited()} keyed>
        {(p) => <CastEditor storyId={props.story.storyId} participant={p} onClose={() => setEditing(null)} />}
      </Show>
    </>
  );
}

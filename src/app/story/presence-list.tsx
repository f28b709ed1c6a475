// The cast: who is in the scene, a toggle per character (a character who leaves takes no turns and
// perceives nothing until they join again: later turns are not part of their history), and a way into
// what each participant remembers, the user included; each one's card (or the user's persona) opens
// in the cast editor, characters are added, and a removed one (its turns kept) can be brought back.
import { createSignal, For, Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { CastEditor } from './cast-editor.tsx';
import { CastAdd } from './cast-add.tsx';
import { Avatar } from './cast-avatars.tsx';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import './cast.css';
import type { StoryState } from './story-state.ts';

export function PresenceList(props: {
  story: StoryState;
  /** Opens "What X remembers" for a participant. */
  onRemember: (participantId: string) => void;
}): JSX.Element {
  const { api } = useDriver();
  const participants = () => props.story.overview()?.participants ?? [];
  const user = () => participants().filter((p) => p.kind === 'user');
  const characters = () => participants().filter((p) => p.kind === 'character' && !p.removed);
  const removed = () => participants().filter((p) => p.removed);
  // The user first: their own memories are the ones they are most likely to look for. A removed
  // character's memories stay its own, so they stay listed.
  const everyone = () => [...user(), ...participants().filter((p) => p.kind === 'character')];
  const [editing, setEditing] = createSignal<string | null>(null);
  const [adding, setAdding] = createSignal(false);
  const [error, setError] = createSignal('');
  const edited = () => participants().find((p) => p.id === editing() && !p.removed);
  const bringBack = (participantId: string) =>
    void runCommand(() => api.setRemoved(props.story.storyId, participantId, false), {
      error: setError,
      cancelled: setError,
    });
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
              <Avatar src={c.avatar} alt="" />
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
        <For each={[...user(), ...characters()]}>
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
        <button
          type="button"
          class="small secondary"
          aria-expanded={adding()}
          onClick={() => setAdding(!adding())}
        >
          {t('Add a character')}
        </button>
      </div>
      <Show when={edited()} keyed>
        {(p) => <CastEditor storyId={props.story.storyId} participant={p} onClose={() => setEditing(null)} />}
      </Show>
      <Show when={adding()}>
        <CastAdd storyId={props.story.storyId} onClose={() => setAdding(false)} />
      </Show>
      <Show when={removed().length > 0}>
        <div class="presence" role="group" aria-label={t('Removed from the story')}>
          <span class="presence-label" aria-hidden="true">
            {t('Removed from the story:')}
          </span>
          <For each={removed()}>
            {(p) => (
              <button type="button" class="small secondary" onClick={() => bringBack(p.id)}>
                {t('Bring {name} back', { name: p.name })}
              </button>
            )}
          </For>
        </div>
      </Show>
      <ErrorAlert message={error()} />
    </>
  );
}

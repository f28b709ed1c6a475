// "Story doctor" on the story screen: the session doctor's chat for this story (its subject the
// story's, kept in the library like every assistant chat), which reads the story's state and proposes
// the fixes this screen has; each is applied only on Apply. The screen follows what a fix changed by
// itself (the worker's story-changed events), so nothing is re-read here.
import { Show, type JSX } from 'solid-js';
import { AssistantPanel } from '../assistant/lazy-assistant-panel.ts';
import { t } from '../i18n/ui-text.ts';

export function StoryDoctorButton(props: { open: boolean; onToggle: () => void }): JSX.Element {
  return (
    <button
      type="button"
      class="secondary small"
      aria-expanded={props.open}
      aria-controls="story-doctor"
      onClick={() => props.onToggle()}
    >
      {t('Story doctor')}
    </button>
  );
}

export function StoryDoctor(props: { storyId: string; title: string; open: boolean }): JSX.Element {
  return (
    <Show when={props.open}>
      <section id="story-doctor" class="story-doctor stack" aria-label={t('Story doctor')}>
        <p class="muted">
          {t(
            'The story doctor looks over “{title}” and proposes fixes; nothing changes until you apply one.',
            {
              title: props.title,
            },
          )}
        </p>
        <AssistantPanel subject={{ kind: 'doctor', id: props.storyId }} onChanged={() => undefined} />
      </section>
    </Show>
  );
}

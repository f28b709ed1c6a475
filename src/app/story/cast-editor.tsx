// One participant of a running story, edited: its name and a character's description (told to that
// character only) or the user's persona (told to every character), and its picture. Saved on Save; the next requests
// use it, the turns already written stay as they were. A character can be removed from here.
import { createSignal, Show, type JSX } from 'solid-js';
import type { StoryOverview } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import { t } from '../i18n/ui-text.ts';
import { AvatarInput } from '../ui/avatar-input.tsx';
import { Avatar } from './cast-avatars.tsx';

type Participant = StoryOverview['participants'][number];

export function CastEditor(props: {
  storyId: string;
  participant: Participant;
  onClose: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const character = () => props.participant.kind === 'character';
  // The form starts from the participant as it is when opened; edits stay here until Save.
  const [name, setName] = createSignal(props.participant.name);
  const [text, setText] = createSignal(
    (character() ? props.participant.card?.description : props.participant.persona) ?? '',
  );
  const [avatar, setAvatar] = createSignal(props.participant.avatar);
  const [error, setError] = createSignal('');
  const save = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    setError('');
    const picture = avatar();
    const edit = {
      name: name(),
      ...(character() ? { description: text() } : { persona: text() }),
      ...(picture && picture !== props.participant.avatar ? { avatar: picture } : {}),
    };
    const result = await runCommand(() => api.editParticipant(props.storyId, props.participant.id, edit), {
      error: setError,
      cancelled: setError,
    });
    if (result.ok) props.onClose();
  };
  const remove = async (): Promise<void> => {
    setError('');
    const result = await runCommand(() => api.setRemoved(props.storyId, props.participant.id, true), {
      error: setError,
      cancelled: setError,
    });
    if (result.ok) props.onClose();
  };
  return (
    <form
      class="cast-editor"
      aria-label={
        character()
          ? t('Card of {name}', { name: props.participant.name })
          : t('Your persona as {name}', { name: props.participant.name })
      }
      onSubmit={(event) => void save(event)}
    >
      <label class="field">
        <span>{t('Name')}</span>
        <input value={name()} required onInput={(event) => setName(event.currentTarget.value)} />
      </label>
      <label class="field">
        <span>
          {character()
            ? t('Description (only this character is told it)')
            : t('Your persona (every character is told it)')}
        </span>
        <textarea rows={4} value={text()} onInput={(event) => setText(event.currentTarget.value)} />
      </label>
      <div class="cast-avatar-field">
        <Avatar src={avatar()} alt={name()} />
        <AvatarInput onPicture={setAvatar} />
      </div>
      <p class="muted">{t('Changes apply to the next requests; turns already written stay as they are.')}</p>
      <ErrorAlert message={error()} />
      <div class="cast-editor-actions">
        <button type="submit">{t('Save')}</button>
        <button type="button" class="secondary" onClick={() => props.onClose()}>
          {t('Cancel')}
        </button>
      </div>
      <Show when={character()}>
        <p class="muted">
          {t(
            'Removed, they leave the scene and are no longer chosen to act; their turns stay in the transcript.',
          )}
        </p>
        <div class="cast-editor-actions">
          <button type="button" class="secondary" onClick={() => void remove()}>
            {t('Remove {name} from the story', { name: props.participant.name })}
          </button>
        </div>
      </Show>
    </form>
  );
}

// A preset's title and description, edited on its card (its prompts and sampling stay as they are).
import { Show, createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';

export function PresetDescriptionEditor(props: {
  presetId: string;
  title: string;
  description: string;
  onSaved: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const [open, setOpen] = createSignal(false);
  const [title, setTitle] = createSignal('');
  const [description, setDescription] = createSignal('');
  const [problem, setProblem] = createSignal('');
  const start = (): void => {
    setTitle(props.title);
    setDescription(props.description);
    setProblem('');
    setOpen(true);
  };
  const save = async (): Promise<void> => {
    const r = await api.describePreset(props.presetId, { title: title(), description: description() });
    if (!r.ok) return void setProblem(r.detail);
    setOpen(false);
    props.onSaved();
  };
  return (
    <Show
      when={open()}
      fallback={
        <button type="button" class="secondary" onClick={start}>
          {t('Edit the title and description of {title}', { title: props.title })}
        </button>
      }
    >
      <form
        class="stack"
        aria-label={t('Title and description of {title}', { title: props.title })}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label class="field">
          <span>{t('Preset title')}</span>
          <input value={title()} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <label class="field">
          <span>{t('Preset description')}</span>
          <textarea value={description()} onInput={(e) => setDescription(e.currentTarget.value)} />
        </label>
        <Show when={problem()}>
          <p class="error">{problem()}</p>
        </Show>
        <div class="row">
          <button type="submit">{t('Save')}</button>
          <button type="button" class="secondary" onClick={() => setOpen(false)}>
            {t('Cancel')}
          </button>
        </div>
      </form>
    </Show>
  );
}

// "New preset from the shipped prose": a preset holding the shipped persona, style and character style
// of every language, to edit from (with its assistant, or by hand).
import { createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';

export function NewPresetFromShipped(props: {
  onMade: (title: string) => void;
  onMessage: (text: string) => void;
}): JSX.Element {
  const { api } = useDriver();
  const [title, setTitle] = createSignal('');
  const make = async (): Promise<void> => {
    const r = await api.newPresetFromShippedProse(title());
    if (!r.ok) return props.onMessage(r.detail);
    props.onMade(title().trim());
    setTitle('');
  };
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        void make();
      }}
    >
      <label class="field">
        <span>{t('New preset’s title')}</span>
        <input value={title()} onInput={(e) => setTitle(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={!title().trim()}>
        {t('New preset from the shipped prose')}
      </button>
    </form>
  );
}

// "Save as preset" on a world: its saved prose prompts (persona, style, character style) become a
// library preset named after it, for other worlds and stories to use (SPEC PL5).
import { createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';

export function SaveWorldAsPreset(props: { worldId: string; name: string }): JSX.Element {
  const { api } = useDriver();
  const [message, setMessage] = createSignal('');
  const save = async (): Promise<void> => {
    const title = props.name.trim() || t('Preset of a world');
    const r = await api.savePresetFromWorld(props.worldId, title);
    setMessage(r.ok ? t('Saved as the preset “{title}”.', { title }) : r.detail);
  };
  return (
    <div class="row">
      <button type="button" class="secondary" onClick={() => void save()}>
        {t('Save this world’s prose prompts as a preset')}
      </button>
      <span role="status">{message()}</span>
    </div>
  );
}

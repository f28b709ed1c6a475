// The preset assistant's entry points on the Presets panel: a preset's Assistant button, which opens
// its chat beside it, and "Make a preset with the model" from a SillyTavern preset file, which makes
// the preset and opens its chat with the model's proposals for every language.
import { createSignal, type JSX } from 'solid-js';
import { AssistantPanel } from '../assistant/lazy-assistant-panel.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t, uiLanguage } from '../i18n/ui-text.ts';

/** The Assistant button on a preset's row: opens its chat below the list. */
export function PresetAssistantButton(props: {
  title: string;
  open: boolean;
  onToggle: (open: boolean) => void;
}): JSX.Element {
  return (
    <button
      type="button"
      class="secondary"
      aria-expanded={props.open}
      aria-controls="preset-assistant"
      onClick={() => props.onToggle(!props.open)}
    >
      {t('Assistant for {title}', { title: props.title })}
    </button>
  );
}

/** The open preset's chat; made again when another preset's opens. */
export function PresetAssistantChat(props: { presetId: string; onChanged: () => void }): JSX.Element {
  return (
    <div id="preset-assistant">
      <AssistantPanel subject={{ kind: 'preset', id: props.presetId }} onChanged={props.onChanged} />
    </div>
  );
}

export function MakePresetWithModel(props: {
  /** The preset was made: its chat opens with the model's proposals. */
  onMade: (presetId: string) => void;
  onMessage: (text: string) => void;
}): JSX.Element {
  const { api } = useDriver();
  const [busy, setBusy] = createSignal(false);

  const make = async (file: File): Promise<void> => {
    setBusy(true);
    props.onMessage(t('The model is writing the preset from {file}…', { file: file.name }));
    const r = await api.makePresetWithModel(await file.text(), {
      title: file.name.replace(/\.json$/i, ''),
      reportLanguage: uiLanguage(),
    });
    setBusy(false);
    if (!r.ok) {
      props.onMessage(
        t('{file} was not made into a preset: {reason}', { file: file.name, reason: r.detail }),
      );
      return;
    }
    props.onMessage(
      t('The model proposed the prompts of {file}: apply the ones you want.', { file: file.name }),
    );
    props.onMade(r.presetId);
  };

  return (
    <label class="field">
      {t('Make a preset from a SillyTavern preset with the model')}
      <input
        type="file"
        accept="application/json,.json"
        disabled={busy()}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void make(file);
          e.currentTarget.value = '';
        }}
      />
    </label>
  );
}

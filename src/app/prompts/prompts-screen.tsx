// The prompts screen: the prompt editor and the presets, for the library or for one story. A preset
// applied, re-applied, removed or imported changes the prompts: the editor reads them again.
import { createSignal, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { PromptEditor } from './prompt-editor.tsx';
import { PresetsPanel } from './presets-panel.tsx';
import { routeHash } from '../shell/route.ts';
import './prompts.css';

export function PromptsScreen(props: { storyId?: string }): JSX.Element {
  const [presetChanges, setPresetChanges] = createSignal(0);
  const back = (): string =>
    routeHash(props.storyId ? { screen: 'story', storyId: props.storyId } : { screen: 'library' });
  return (
    <div class="stack">
      <a href={back()}>{props.storyId ? t('← Back to the story') : t('← Back to the stories')}</a>
      <PromptEditor {...(props.storyId ? { storyId: props.storyId } : {})} changes={presetChanges} />
      <PresetsPanel
        {...(props.storyId ? { storyId: props.storyId } : {})}
        onChanged={() => setPresetChanges((n) => n + 1)}
      />
    </div>
  );
}

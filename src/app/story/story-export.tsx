// "Export as Markdown": the story as one participant wrote and perceived it, the user's point of view
// offered first (a character's file holds only what that character saw).
import { For, createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { downloadFile } from '../ui/download-file.ts';
import { runCommand } from '../ui/run-command.ts';
import type { StoryState } from './story-state.ts';

export function StoryExport(props: { story: StoryState }): JSX.Element {
  const { api } = useDriver();
  const participants = () => props.story.overview()?.participants ?? [];
  const everyone = () => [
    ...participants().filter((p) => p.kind === 'user'),
    ...participants().filter((p) => p.kind !== 'user'),
  ];
  const [picked, setPicked] = createSignal('');
  /** The one picked while still in the story, else the first offered. */
  const viewer = (): string => everyone().find((p) => p.id === picked())?.id ?? everyone()[0]?.id ?? '';
  const [error, setError] = createSignal('');
  const exportMarkdown = async (): Promise<void> => {
    setError('');
    const result = await runCommand(() => api.exportStoryMarkdown(props.story.storyId, viewer()), {
      error: setError,
      cancelled: setError,
    });
    if (result.ok) downloadFile(result.file);
  };
  return (
    <div class="story-export">
      <div class="row">
        <label class="field">
          <span>{t('Point of view')}</span>
          <select value={viewer()} onChange={(event) => setPicked(event.currentTarget.value)}>
            <For each={everyone()}>
              {(p) => (
                <option value={p.id}>
                  {p.kind === 'user'
                    ? t('From your point of view ({name})', { name: p.name })
                    : t('From {name}’s point of view', { name: p.name })}
                </option>
              )}
            </For>
          </select>
        </label>
        <button
          type="button"
          class="secondary"
          disabled={viewer() === ''}
          onClick={() => void exportMarkdown()}
        >
          {t('Export as Markdown')}
        </button>
      </div>
      <ErrorAlert message={error()} />
    </div>
  );
}

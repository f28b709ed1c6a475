// The story's generation settings, folded away in the scene's options: what its characters' turns are asked with
// (temperature, top-p, reply limit, stop strings) and whether they roll dice. An empty field uses the
// backend's value, which its placeholder shows; the story's preset's suggestion is said too.
import { Show, createResource, createSignal, type JSX } from 'solid-js';
import type { StoryGeneration, StoryGenerationPatch } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';
import { SamplingFields, type SamplingFallback, type SamplingValues } from '../settings/sampling-fields.tsx';
import { formatStopStrings } from '../settings/stop-strings.ts';
import type { StoryState } from './story-state.ts';
import { CharacterDiceSetting } from './character-dice-setting.tsx';

/** The story's settings as the fields show them. */
function asValues(g: StoryGeneration): SamplingValues {
  return {
    temperature: g.actorTemperature,
    topP: g.actorTopP,
    maxTokens: g.actorMaxTokens,
    stop: g.actorStop,
  };
}

/** A change of the fields as the story stores it: an emptied field unsets the story's value. */
function asPatch(v: SamplingValues): StoryGenerationPatch {
  const patch: StoryGenerationPatch = {};
  if ('temperature' in v) patch.actorTemperature = v.temperature ?? null;
  if ('topP' in v) patch.actorTopP = v.topP ?? null;
  if ('maxTokens' in v) patch.actorMaxTokens = v.maxTokens ?? null;
  if ('stop' in v) patch.actorStop = v.stop?.length ? v.stop : null;
  return patch;
}

const backendSays = (value: number | string | undefined): string | undefined =>
  value === undefined || value === '' ? undefined : t('Backend: {value}', { value });

export function GenerationSettings(props: { story: StoryState }): JSX.Element {
  const { api } = useDriver();
  const [error, setError] = createSignal('');
  // Folded like the options around it (a details inside theirs would be one more summary to them).
  const [open, setOpen] = createSignal(false);
  const [defaults] = createResource(
    () => props.story.overview(),
    async () => {
      const r = await api.generationDefaults(props.story.storyId);
      return r.ok ? r.defaults : undefined;
    },
  );
  const values = (): SamplingValues => asValues(props.story.overview()?.settings ?? {});
  const fallback = (): SamplingFallback => {
    const b = defaults.latest?.backend;
    if (!b) return {};
    const given = {
      temperature: backendSays(b.temperature),
      topP: backendSays(b.topP),
      maxTokens: backendSays(b.maxTokens),
      stop: backendSays(formatStopStrings(b.stop)),
    };
    return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  };
  const change = async (patch: SamplingValues): Promise<void> => {
    const result = await api.setStoryGeneration(props.story.storyId, asPatch(patch));
    setError(result.ok ? '' : result.detail);
  };
  const suggestion = (): string => {
    const s = defaults.latest?.suggested;
    if (!s || (s.actorTemperature === undefined && s.actorTopP === undefined)) return '';
    return t('The story’s preset suggests temperature {temperature}, top-p {topP}.', {
      temperature: s.actorTemperature ?? '—',
      topP: s.actorTopP ?? '—',
    });
  };
  return (
    <div class="generation-settings">
      <button type="button" class="secondary" aria-expanded={open()} onClick={() => setOpen(!open())}>
        {t('Generation')}
      </button>
      <Show when={open()}>
        <fieldset class="group" aria-label={t('Generation')}>
          <p class="hint">
            {t(
              'What characters’ turns are asked with. Leave a field empty to use the backend’s value, shown in it.',
            )}
          </p>
          <Show when={suggestion()}>
            <p class="hint">{suggestion()}</p>
          </Show>
          <SamplingFields
            values={values()}
            fallback={fallback()}
            withMaxTokens={true}
            onChange={(patch) => void change(patch)}
          />
          <ErrorAlert message={error()} />
          <CharacterDiceSetting story={props.story} />
        </fieldset>
      </Show>
    </div>
  );
}

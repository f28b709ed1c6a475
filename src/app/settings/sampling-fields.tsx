// The actor's generation settings as fields: temperature, top-p, stop strings and, where asked, the
// reply limit. Empty is unset (the next layer's value applies: the backend's, or the server's), and
// each field's placeholder says what that is. Used by a backend profile and by a story.
import { Show, createUniqueId, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { followStored } from '../ui/field-value.ts';
import { formatStopStrings, parseStopStrings } from './stop-strings.ts';

export interface SamplingValues {
  temperature?: number | undefined;
  topP?: number | undefined;
  maxTokens?: number | undefined;
  stop?: string[] | undefined;
}

/** What applies when a field is empty, shown as its placeholder. */
export type SamplingFallback = Partial<Record<'temperature' | 'topP' | 'maxTokens' | 'stop', string>>;

function NumberField(props: {
  label: string;
  value: number | undefined;
  min: string;
  max?: string;
  step: string;
  placeholder: string;
  onChange: (value: number | undefined) => void;
}): JSX.Element {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        type="number"
        min={props.min}
        max={props.max}
        step={props.step}
        inputMode="decimal"
        placeholder={props.placeholder}
        ref={(el) => followStored(el, () => (props.value === undefined ? '' : String(props.value)))}
        // On change (leaving the field), not each key: "0." is no number yet, and must not be rewritten.
        onChange={(e) => {
          const input = e.currentTarget;
          props.onChange(input.value.trim() === '' ? undefined : input.valueAsNumber);
        }}
      />
    </label>
  );
}

export function SamplingFields(props: {
  values: SamplingValues;
  fallback: SamplingFallback;
  /** The reply limit too (a backend has it among its answer lengths instead). */
  withMaxTokens: boolean;
  onChange: (patch: SamplingValues) => void;
}): JSX.Element {
  const id = createUniqueId();
  const unset = (key: keyof SamplingFallback): string => props.fallback[key] ?? t('Server default');
  return (
    <>
      <NumberField
        label={t('Temperature')}
        value={props.values.temperature}
        min="0"
        max="2"
        step="0.05"
        placeholder={unset('temperature')}
        onChange={(temperature) => props.onChange({ temperature })}
      />
      <NumberField
        label={t('Top-p')}
        value={props.values.topP}
        min="0"
        max="1"
        step="0.01"
        placeholder={unset('topP')}
        onChange={(topP) => props.onChange({ topP })}
      />
      <Show when={props.withMaxTokens}>
        <NumberField
          label={t('Reply limit (tokens)')}
          value={props.values.maxTokens}
          min="1"
          step="1"
          placeholder={unset('maxTokens')}
          onChange={(maxTokens) => props.onChange({ maxTokens })}
        />
      </Show>
      <label class="field">
        <span>{t('Stop strings')}</span>
        <textarea
          rows={2}
          spellcheck={false}
          placeholder={unset('stop')}
          aria-describedby={`${id}-stop-hint`}
          ref={(el) => followStored(el, () => formatStopStrings(props.values.stop))}
          onChange={(e) => {
            const stop = parseStopStrings(e.currentTarget.value);
            props.onChange({ stop: stop.length ? stop : undefined });
          }}
        />
      </label>
      <p class="hint" id={`${id}-stop-hint`}>
        {t('One a line, at most four; write \\n for a line break. The reply ends before any of them.')}
      </p>
    </>
  );
}

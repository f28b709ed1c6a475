// A backend's lengths: the context its server (or its in-browser model's record) says, checked on
// demand, with the warning and the fix when Ollama runs the model with less than it was trained for
// and how the server keeps prompts; the person's context over it, and the most tokens each
// operation's answer may take.
import { For, Show, createSignal, createUniqueId, type JSX } from 'solid-js';
import { unwrap } from 'solid-js/store';
import type { AnswerOperation, BackendProfile, ModelLimitsReport } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { operationLabel } from './operation-labels.ts';

type Lengths = Pick<BackendProfile, 'contextTokens' | 'maxTokens'>;

const OPERATIONS = [
  'actor',
  'projector',
  'selector',
  'chronicler',
] as const satisfies readonly AnswerOperation[];

function inUse(report: ModelLimitsReport): string {
  const tokens = report.contextTokens;
  if (tokens === null) return t('No context is known for this backend yet.');
  switch (report.source) {
    case 'setting':
      return t('{tokens} tokens in use: your setting.', { tokens });
    case 'record':
      return t('{tokens} tokens in use, from the model’s record.', { tokens });
    case 'server':
    case undefined:
      return t('{tokens} tokens in use, as the server says.', { tokens });
  }
}

/** A field of a count of tokens, labelled; empty is unset (the schema judges the rest on Save). */
function TokensField(props: {
  label: string;
  value: number | undefined;
  placeholder: string;
  describedBy?: string;
  onChange: (value: number | undefined) => void;
}): JSX.Element {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        type="number"
        min="1"
        step="1"
        inputMode="numeric"
        placeholder={props.placeholder}
        value={props.value ?? ''}
        aria-describedby={props.describedBy}
        onInput={(e) => {
          const input = e.currentTarget;
          props.onChange(input.value.trim() === '' ? undefined : input.valueAsNumber);
        }}
      />
    </label>
  );
}

export function ProfileLengths(props: {
  profile: BackendProfile;
  onChange: (patch: Lengths) => void;
}): JSX.Element {
  const { api } = useDriver();
  const id = createUniqueId();
  const [report, setReport] = createSignal<ModelLimitsReport>();
  const [checking, setChecking] = createSignal(false);
  const check = async (): Promise<void> => {
    setChecking(true);
    // The profile as the form has it, saved or not: a plain copy crosses to the worker.
    setReport(await api.modelLimits(structuredClone(unwrap(props.profile))));
    setChecking(false);
  };
  const setMaxTokens = (op: AnswerOperation, value: number | undefined): void => {
    const next = { ...props.profile.maxTokens, [op]: value };
    if (value === undefined) delete next[op];
    props.onChange({ maxTokens: Object.keys(next).length ? next : undefined });
  };
  return (
    <div class="profile-lengths">
      <TokensField
        label={t('Context (tokens)')}
        value={props.profile.contextTokens}
        placeholder={t('As the server or model says')}
        describedBy={`${id}-context-hint`}
        onChange={(contextTokens) => props.onChange({ contextTokens })}
      />
      <p class="hint" id={`${id}-context-hint`}>
        {t(
          'How many tokens the model can take at once, prompt and answer together: every request is fitted into it. Leave it empty to use what the server or the model’s record says; set it when they say nothing, or to use less.',
        )}
      </p>
      <div class="row">
        <button type="button" class="secondary" disabled={checking()} onClick={() => void check()}>
          {checking() ? t('Checking…') : t('Check context')}
        </button>
      </div>
      <Show when={report()}>
        {(r) => (
          <div class={r().warning ? 'report error' : 'report'}>
            <p role="status">
              <strong>{inUse(r())}</strong> {r().detail}
            </p>
            <Show when={r().promptKeeping}>{(keeping) => <p>{keeping()}</p>}</Show>
            <Show when={r().warning}>{(warning) => <p role="alert">{warning()}</p>}</Show>
          </div>
        )}
      </Show>
      <fieldset class="group">
        <legend>{t('Longest answers (tokens)')}</legend>
        <For each={OPERATIONS}>
          {(op) => (
            <TokensField
              label={operationLabel(op)}
              value={props.profile.maxTokens?.[op]}
              placeholder={t('Default')}
              onChange={(value) => setMaxTokens(op, value)}
            />
          )}
        </For>
      </fieldset>
    </div>
  );
}

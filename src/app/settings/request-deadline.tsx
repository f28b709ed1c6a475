// A server's request deadline (issue 19): how long one request may take, its whole answer included,
// before it is stopped and told as a failure; empty is the default.
import { createUniqueId, type JSX } from 'solid-js';
import type { BackendProfile } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import {
  DEFAULT_REQUEST_TIMEOUT_S,
  MAX_REQUEST_TIMEOUT_S,
  MIN_REQUEST_TIMEOUT_S,
} from './request-deadline-bounds.ts';

type OpenAIProfile = Extract<BackendProfile, { kind: 'openai' }>;

export function RequestDeadline(props: {
  profile: OpenAIProfile;
  onChange: (patch: Pick<OpenAIProfile, 'requestTimeoutSeconds'>) => void;
}): JSX.Element {
  const id = createUniqueId();
  return (
    <>
      <label class="field">
        <span>{t('Request deadline (seconds)')}</span>
        <input
          type="number"
          min={MIN_REQUEST_TIMEOUT_S}
          max={MAX_REQUEST_TIMEOUT_S}
          step="1"
          inputMode="numeric"
          placeholder={String(DEFAULT_REQUEST_TIMEOUT_S)}
          value={props.profile.requestTimeoutSeconds ?? ''}
          aria-describedby={`${id}-hint`}
          onInput={(e) => {
            const input = e.currentTarget;
            props.onChange({
              requestTimeoutSeconds: input.value.trim() === '' ? undefined : input.valueAsNumber,
            });
          }}
        />
      </label>
      <p class="hint" id={`${id}-hint`}>
        {t(
          'How long one request may take, its whole answer included, before it is stopped and told as a failure you can retry ({min}–{max} s). Leave it empty for {seconds} s; raise it for a slow model.',
          { min: MIN_REQUEST_TIMEOUT_S, max: MAX_REQUEST_TIMEOUT_S, seconds: DEFAULT_REQUEST_TIMEOUT_S },
        )}
      </p>
    </>
  );
}

// A backend profile's sampling for characters' turns: what the actor's requests on this backend carry
// when the story sets none (the story's own settings come first).
import type { JSX } from 'solid-js';
import type { BackendProfile } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { SamplingFields, type SamplingValues } from './sampling-fields.tsx';

type Sampling = NonNullable<BackendProfile['sampling']>;

/** The profile's sampling with a patch: unset keys dropped, and no object at all when none is left. */
function patched(now: Sampling | undefined, patch: SamplingValues): Sampling | undefined {
  const next: Record<string, unknown> = { ...now, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return Object.keys(next).length ? (next as Sampling) : undefined;
}

export function ProfileSampling(props: {
  profile: BackendProfile;
  onChange: (patch: Pick<BackendProfile, 'sampling'>) => void;
}): JSX.Element {
  return (
    <fieldset class="group">
      <legend>{t('Characters’ turns on this backend')}</legend>
      <p class="hint">{t('Used by stories that do not set their own (Scene options → Generation).')}</p>
      <SamplingFields
        values={props.profile.sampling ?? {}}
        fallback={{}}
        withMaxTokens={false}
        onChange={(patch) => props.onChange({ sampling: patched(props.profile.sampling, patch) })}
      />
    </fieldset>
  );
}

// Under a message of the person's that the model never answered (its call failed, here or before a
// reload): why, when this panel saw it fail, and Retry, which sends it again without storing it twice.
import { type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';

export function UnansweredMessage(props: {
  failure: string;
  busy: boolean;
  onRetry: () => void;
}): JSX.Element {
  return (
    <div class="assistant-unanswered stack" role="group" aria-label={t('No answer')}>
      <p class={props.failure ? 'error' : 'muted'}>
        {props.failure || t('The assistant has not answered this message.')}
      </p>
      <div class="row">
        <button type="button" disabled={props.busy} onClick={() => props.onRetry()}>
          {t('Retry')}
        </button>
      </div>
    </div>
  );
}

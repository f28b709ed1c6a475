// What became of the last change in Settings (saving, saved), and the question asked when Settings
// would close with a change that was refused.
import { Match, Switch, type JSX } from 'solid-js';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { t } from '../i18n/ui-text.ts';
import type { AutosaveStatus } from './autosave.ts';

export function AutosaveStatusLine(props: { status: AutosaveStatus }): JSX.Element {
  return (
    <p class="muted autosave-status" role="status">
      <Switch>
        <Match when={props.status.state === 'saving'}>{t('Saving…')}</Match>
        <Match when={props.status.state === 'saved'}>{t('Saved')}</Match>
        <Match when={props.status.state === 'idle'}>{t('Changes are saved as you make them.')}</Match>
      </Switch>
    </p>
  );
}

export function DiscardQuestion(props: { onDiscard: () => void; onKeep: () => void }): JSX.Element {
  return (
    <div class="discard-question" role="alertdialog" aria-labelledby="discard-question-text">
      <p id="discard-question-text">
        {t('Discard your changes? The last change was not saved, for the reason shown above.')}
      </p>
      <div class="row">
        <button type="button" class="danger" onClick={() => props.onDiscard()}>
          {t('Discard changes')}
        </button>
        <button type="button" class="secondary" ref={(el) => focusOnMount(el)} onClick={() => props.onKeep()}>
          {t('Keep editing')}
        </button>
      </div>
    </div>
  );
}

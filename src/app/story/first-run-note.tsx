// The first story the person opens on this device explains Rashomon's idea once: every character
// perceives only what it could, the person reads their own point of view, Inspect shows every
// version. Dismissed, it stays dismissed on this device (the choice is the device's, not a story's).
import { Show, createSignal, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';

/** Where the device remembers that the note was read. */
const DISMISSED_KEY = 'rashomon.pov-note-dismissed';

/** A browser that refuses storage (a private mode) shows the note and forgets its dismissal. */
function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function storeDismissed(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Nothing to do: the note is gone for this visit, and shown again next time.
  }
}

export function FirstRunNote(): JSX.Element {
  const [dismissed, setDismissed] = createSignal(readDismissed());
  const dismiss = (): void => {
    storeDismissed();
    setDismissed(true);
  };
  return (
    <Show when={!dismissed()}>
      <aside class="first-run-note" aria-label={t('How Rashomon works')}>
        <p>
          {t(
            'Every character perceives only what it could: a projector rewrites each turn into what each of the others saw, heard or noticed. You read your own point of view.',
          )}
        </p>
        <p>
          {t(
            'Inspect on a turn shows every version of it; Read as shows the whole story through another participant’s eyes.',
          )}
        </p>
        <button type="button" class="small" onClick={dismiss}>
          {t('Got it')}
        </button>
      </aside>
    </Show>
  );
}

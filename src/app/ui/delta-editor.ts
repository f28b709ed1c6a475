// A textarea whose edits go to the worker as deltas: typing is sent as the smallest change since the
// last text both sides agreed on, after a short pause; text arriving from elsewhere (another tab, a
// sync peer, a regeneration) is merged into what the user is typing, and the caret stays in place.
import type { TextDeltaOp } from '../../workers/api.ts';
import { diffText, mapOffset, rebaseText, textDelta } from './text-delta.ts';

/** Typing pause after which an edit is sent: one write per burst of keystrokes, not per key. */
export const EDIT_DEBOUNCE_MS = 300;

export interface DeltaEditor {
  /** The worker's text now: merged into the textarea (unsent local edits are kept). */
  remote(text: string): void;
  /** Sends what is not sent yet, now. */
  flush(): void;
  /** Sends what is left and stops listening. */
  dispose(): void;
}

export function bindDeltaEditor(
  textarea: HTMLTextAreaElement,
  initial: string,
  send: (delta: TextDeltaOp[]) => void,
  opts: {
    delayMs?: number;
    /**
     * When set, a text emptied by hand is never sent (an empty turn or view is refused): it is held
     * while the field has focus, and put back on blur, which then calls this to say why.
     */
    onEmptied?: () => void;
  } = {},
): DeltaEditor {
  const delayMs = opts.delayMs ?? EDIT_DEBOUNCE_MS;
  /** The last text both the worker and this editor had (the base of the next delta). */
  let base = initial;
  let timer: ReturnType<typeof setTimeout> | undefined;
  textarea.value = initial;

  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const local = textarea.value;
    if (opts.onEmptied && !local.trim()) return;
    const delta = textDelta(base, local);
    if (!delta.length) return;
    base = local;
    send(delta);
  };
  const onBlur = (): void => {
    if (opts.onEmptied && !textarea.value.trim() && textarea.value !== base) {
      clearTimeout(timer);
      textarea.value = base;
      opts.onEmptied();
      return;
    }
    flush();
  };
  const onInput = (): void => {
    clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  };
  textarea.addEventListener('input', onInput);
  textarea.addEventListener('blur', onBlur);

  return {
    remote(text) {
      if (text === base) return;
      const local = textarea.value;
      const next = rebaseText(base, local, text);
      base = text;
      if (next === local) return;
      const focused = document.activeElement === textarea;
      const { selectionStart, selectionEnd, selectionDirection } = textarea;
      textarea.value = next;
      if (focused) {
        const change = diffText(local, next);
        textarea.setSelectionRange(
          mapOffset(selectionStart, change),
          mapOffset(selectionEnd, change),
          selectionDirection,
        );
      }
    },
    flush,
    dispose() {
      flush();
      textarea.removeEventListener('input', onInput);
      textarea.removeEventListener('blur', onBlur);
    },
  };
}

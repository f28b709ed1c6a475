// A field whose value follows what is stored, except while the person is in it: a store update that
// lands mid-edit (another field's save coming back, a change from another device) would otherwise put
// the stored value over what they are typing, and leaving the field would then save nothing.
import { createRenderEffect } from 'solid-js';

export function followStored(el: HTMLInputElement | HTMLTextAreaElement, stored: () => string): void {
  createRenderEffect(() => {
    const value = stored();
    if (el.ownerDocument.activeElement !== el) el.value = value;
  });
}

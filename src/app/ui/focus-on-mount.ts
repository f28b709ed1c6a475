// Moves keyboard focus to an element once it is in the page: for content that replaces the control
// the user just used (a form that opens, a confirmation that takes a button's place).
export function focusOnMount(element: HTMLElement, options: FocusOptions = {}): void {
  queueMicrotask(() => element.focus(options));
}

// Keeps what gets the keyboard focus clear of the sticky composer: the page's scroll padding at the
// bottom is the composer's height while it floats over the transcript, so a row control tabbed to
// near the bottom scrolls above it instead of under it.
import { onCleanup } from 'solid-js';

/** Ref of the composer: follows its height (a long draft, a banner, the scene's options) as it changes. */
export function keepFocusClearOf(composer: HTMLElement): void {
  const root = document.documentElement;
  const update = (): void => {
    // On a phone the composer ends the page instead of floating: nothing is under it.
    const floats = getComputedStyle(composer).position === 'sticky';
    root.style.scrollPaddingBottom = floats
      ? String(Math.ceil(composer.getBoundingClientRect().height)).concat('px')
      : '';
  };
  const resized = new ResizeObserver(update);
  resized.observe(composer);
  onCleanup(() => {
    resized.disconnect();
    root.style.scrollPaddingBottom = '';
  });
}

// One turn whose prose cannot be rendered shows its text as typed with a note; the turns around it
// render as usual (an error boundary per prose text), and deep Markdown renders without overflowing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createComponent } from 'solid-js';
import { render } from 'solid-js/web';

vi.mock('../../src/app/ui/prose-tree.ts', async (original) => {
  const real = await original<typeof import('../../src/app/ui/prose-tree.ts')>();
  return {
    ...real,
    proseTree: (text: string) => {
      if (text.startsWith('BROKEN')) throw new RangeError('Maximum call stack size exceeded');
      return real.proseTree(text);
    },
  };
});
const { ProseText } = await import('../../src/app/ui/prose-text.tsx');

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((dispose) => dispose()));

function mount(texts: string[]): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  cleanups.push(
    render(() => texts.map((text) => createComponent(ProseText, { text })), host),
    () => host.remove(),
  );
  return host;
}

describe('ProseText', () => {
  it('shows a turn that fails to render as its text with a note, and the others as prose', () => {
    const host = mount(['*She waits.*', 'BROKEN *turn*\nsecond line', '> A quote.']);
    const turns = [...host.querySelectorAll(':scope > .prose')];
    expect(turns).toHaveLength(3);
    expect(turns[0]?.querySelector('em')?.textContent).toBe('She waits.');
    expect(turns[1]?.querySelector('.prose-plain')?.textContent).toBe('BROKEN *turn*\nsecond line');
    expect(turns[1]?.querySelector('.prose-unformatted')?.textContent).toContain('plain text');
    expect(turns[2]?.querySelector('blockquote')?.textContent).toBe('A quote.');
  });

  it('renders 3 KB of > and 6 KB of "- " nested a bounded depth', () => {
    const host = mount(['>'.repeat(3000), '- '.repeat(3000) + 'x']);
    expect(host.querySelectorAll('blockquote')).toHaveLength(12);
    expect(host.querySelectorAll('ul')).toHaveLength(12);
    expect(host.querySelector('.prose-plain')).toBeNull();
  });
});

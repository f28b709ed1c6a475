// [U3] What another device wrote that cannot be read is said above the story in plain words, each part
// behind "Which parts", in the interface language; it is read again on every change of the story.
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent } from 'solid-js';
import { UnreadableNotice } from '../../src/app/story/unreadable-notice.tsx';
import { setUiLanguage } from '../../src/app/i18n/ui-text.ts';
import type { StoryProblem } from '../../src/workers/api.ts';
import { createFakeDriver, JANE_ID } from './fake-driver.ts';
import { mountOver } from './driver-mount.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  setUiLanguage('en');
});

describe('the notice of unreadable parts', () => {
  it('[U3] sums up what was skipped, lists each part, follows the story and the interface language', async () => {
    const fake = createFakeDriver();
    let problems: StoryProblem[] = [
      { code: 'unreadable-turn', turnId: 't2', field: 'source' },
      { code: 'unreadable-turn', turnId: 't3', field: 'audiences' },
      { code: 'unreadable-turn', turnId: 't9', field: 'turn' },
      { code: 'parent-cycle', turnId: 't1' },
      { code: 'unreadable-view', turnId: 't4', audience: JANE_ID, field: 'view' },
    ];
    fake.handlers.storyProblems = async () => ({ ok: true, problems });
    const { host, dispose } = mountOver(fake, () =>
      createComponent(UnreadableNotice, {
        story: { storyId: 's1', nameOf: (id) => (id === JANE_ID ? 'Jane' : id) },
      }),
    );
    cleanups.push(dispose);
    await expect
      .poll(() => host.querySelector('[role="status"] p')?.textContent)
      .toBe(
        'This story has parts another device wrote that cannot be read: turns skipped: 3, loops in the order of turns cut: 1, perceptions skipped: 1. It opens with the rest.',
      );
    const items = [...host.querySelectorAll('details li')].map((li) => li.textContent);
    expect(items).toHaveLength(5);
    expect(items).toContain('Turn t2 cannot be read (source) and is left out.');
    expect(items).toContain(
      'What Jane perceived of turn t4 cannot be read (view): it counts as not written yet.',
    );

    await setUiLanguage('zh');
    await expect
      .poll(() => host.querySelector('[role="status"] p')?.textContent)
      .toContain('跳过的回合 3 个');

    // Repaired on the other device: the next change of the story takes the notice away.
    problems = [];
    fake.push({ kind: 'story-changed', storyId: 's1', turnIds: ['t2'], participants: false, meta: false });
    await expect.poll(() => host.querySelector('[role="status"]')).toBeNull();
  });

  it('[U5] a lost end of the story is said with the turn shown, and Repair writes it', async () => {
    const fake = createFakeDriver();
    let problems: StoryProblem[] = [{ code: 'lost-leaf', leaf: 't3', depth: 1_000_000_000, shown: 't9' }];
    const repaired: string[] = [];
    fake.handlers.storyProblems = async () => ({ ok: true, problems });
    fake.handlers.repairLeaf = async (storyId) => {
      repaired.push(storyId);
      problems = [];
      fake.push({ kind: 'story-changed', storyId, turnIds: [], participants: false, meta: true });
      return { ok: true, repaired: true };
    };
    const { host, dispose } = mountOver(fake, () =>
      createComponent(UnreadableNotice, { story: { storyId: 's1', nameOf: (id) => id } }),
    );
    cleanups.push(dispose);
    await expect
      .poll(() => host.querySelector('.unreadable-leaf')?.textContent)
      .toContain(
        'Another device set where this story ends to a turn this device cannot find (t3 @ 1000000000). The story is shown up to its newest turn that can be read instead.',
      );
    expect(host.querySelector('[role="status"] p')?.textContent).toContain('where the story ends: 1');
    await setUiLanguage('zh');
    await expect.poll(() => host.querySelector('.unreadable-leaf button')?.textContent).toBe('修复');
    (host.querySelector('.unreadable-leaf button') as HTMLButtonElement).click();
    await expect.poll(() => repaired).toEqual(['s1']);
    await expect.poll(() => host.querySelector('[role="status"]')).toBeNull();
  });
});

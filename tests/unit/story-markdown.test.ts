// A participant's story as Markdown: their own transcript on the active path and nothing else — no
// other participant's source or view, nothing of turns they were absent for, nothing off the path.
import { describe, expect, it } from 'vitest';
import { setPresent, updateParticipant } from '../../src/driver/doc/participants.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { storyMarkdown } from '../../src/driver/story-json/markdown.ts';
import { JANE, JESS, USER, makeStory } from '../support/story-fixture.ts';

/** A story with a turn Jess missed, a turn she perceived nothing of, one not projected to her, and a branch. */
function story() {
  const s = makeStory();
  const t1 = s.say(USER, 'I knock.');
  s.project(t1, JANE, 'Someone knocks at the gate.');
  s.project(t1, JESS, null);
  setPresent(s.doc, JESS, false);
  const t2 = s.say(JANE, 'I whisper: the password is SOURCE-CANARY.', { origin: 'generated' });
  s.project(t2, USER, 'Jane whispers something you cannot catch. VIEW-CANARY');
  const branch = s.say(JANE, 'BRANCH-CANARY', { origin: 'generated', parent: t1, activate: false });
  s.project(branch, USER, 'BRANCH-VIEW-CANARY');
  setPresent(s.doc, JESS, true);
  const t3 = s.say(USER, 'I step inside.');
  s.project(t3, JANE, 'The traveller steps inside. JANE-VIEW-CANARY');
  return { ...s, ids: { t1, t2, t3, branch } };
}

describe('Markdown per point of view', () => {
  it('[I8] the user’s Markdown holds the user’s own turns and the user’s views, in order', () => {
    expect(storyMarkdown(story().doc, USER, 'en')).toBe(
      [
        '# The gate',
        '*As User lived it*',
        '**User:** I knock.',
        '**Jane:** Jane whispers something you cannot catch. VIEW-CANARY',
        '**User:** I step inside.',
      ].join('\n\n') + '\n',
    );
  });

  it('[I8] a canary said while Jess was absent is not in her Markdown; nothing perceived names no one', () => {
    const md = storyMarkdown(story().doc, JESS, 'en');
    expect(md).toBe(
      [
        '# The gate',
        '*As Jess lived it*',
        '*Nothing seems to have happened.*',
        '*(what was perceived of this turn is not written yet)*',
      ].join('\n\n') + '\n',
    );
    expect(md).not.toMatch(/CANARY|Jane|knock/);
  });

  it('[I8] [P6] no participant’s Markdown holds another’s source or another audience’s view', () => {
    const s = story();
    const user = storyMarkdown(s.doc, USER, 'en');
    expect(user).not.toMatch(/SOURCE-CANARY|JANE-VIEW-CANARY|Someone knocks|BRANCH/);
    const jane = storyMarkdown(s.doc, JANE, 'en');
    expect(jane).toContain('**Jane:** I whisper: the password is SOURCE-CANARY.');
    expect(jane).toContain('**User:** The traveller steps inside. JANE-VIEW-CANARY');
    expect(jane).toContain('**User:** Someone knocks at the gate.');
    for (const other of ['Jane whispers', 'I knock', 'I step inside', 'BRANCH'])
      expect(jane).not.toContain(other);
  });

  it('[I8] it follows the active path: a branch switched to is what the Markdown tells', () => {
    const s = story();
    setActiveLeaf(s.doc, s.ids.branch);
    const user = storyMarkdown(s.doc, USER, 'en');
    expect(user).toContain('**Jane:** BRANCH-VIEW-CANARY');
    for (const other of ['Jane whispers', 'I step inside', 'SOURCE-CANARY', '**Jane:** BRANCH-CANARY'])
      expect(user).not.toContain(other);
  });

  it('[I8] the lines built from data are in the language asked for; names cannot restyle a line', () => {
    const s = story();
    updateParticipant(s.doc, JESS, { name: 'J*ess_' });
    const md = storyMarkdown(s.doc, JESS, 'zh');
    expect(md).toContain('*J\\*ess\\_所经历的*');
    expect(md).toContain('*似乎什么也没有发生。*');
    expect(md).toContain('*（对这个回合的感知尚未写出）*');
  });

  it('an unknown participant is a bug of the caller', () => {
    expect(() => storyMarkdown(story().doc, 'nobody', 'en')).toThrow(/no participant nobody/);
  });
});

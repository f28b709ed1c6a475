// What a chronicler gets wrong never becomes what a character knows: a quote must be long enough to be
// one, be found in the participant's own transcript and say the change's value (a world node its value
// names by name or alias), else it is audited and applied nowhere; its prose is in the story's script.
import { describe, expect, it } from 'vitest';
import { makeStory, JESS, USER, type StoryFixture } from '../support/story-fixture.ts';
import { kindOf, makeEnv, subjectOf } from '../support/driver-env.ts';
import type { RecordedCall } from '../support/scripted-model.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import { setLanguage } from '../../src/driver/doc/story-doc.ts';
import { writeStoryWorld } from '../../src/driver/doc/story-world.ts';
import { actAs } from '../../src/driver/turns/actor.ts';
import { chronicle, pathIndexOf } from '../../src/driver/turns/chronicler.ts';
import { longEnough, says } from '../../src/driver/turns/chronicle-evidence.ts';
import { chronicleOnPath } from '../../src/driver/memory/chronicle-on-path.ts';

const MILL_BODY = 'Its wheel creaks at night.';
const WORLD = {
  name: 'The valley',
  nodes: [
    { id: 'n-jess', kind: 'character' as const, name: 'Jess', body: 'A courier.' },
    { id: 'n-mill', kind: 'place' as const, name: 'The Mill', aliases: ['old mill'], body: MILL_BODY },
  ],
  relationships: [],
  characters: { [JESS]: 'n-jess' },
  knowledge: { [JESS]: { nodes: [], relationships: [] } },
};
const RIVER = 'We walk down to the river and wait for the ferry.';

type Change = { subject: string; domain: string; value: string; evidence: string };

/** A story with a world Jess does not know the mill of, one turn she perceived, and a chronicler answering `changes`. */
function scene(
  changes: Change[],
  events: Array<{ text: string; evidence: string }> = [],
  said: readonly string[] = [RIVER],
) {
  const s = makeStory();
  writeStoryWorld(s.doc, WORLD);
  for (const text of said) s.projectAll(s.say(USER, text));
  const env = makeEnv((request: ChatRequest) =>
    kindOf(request) === 'chronicle'
      ? JSON.stringify({ memories: [], events, changes, uncertainties: [] })
      : kindOf(request) === 'project'
        ? 'You notice it.'
        : 'I look around and say nothing.',
  );
  return { s, env };
}

/** Chronicles everything Jess has perceived so far (her window shown as starting after it). */
async function chronicleJess(s: StoryFixture, env: ReturnType<typeof makeEnv>) {
  const leaf = s.views.meta().activeLeaf;
  const transcript = s.views.transcript(JESS, { leaf });
  const r = await chronicle(s, env, JESS, transcript, { start: transcript.length, room: 100_000 }, leaf);
  expect(r).toMatchObject({ ok: true });
  return chronicleOnPath(s.views.chronicle(JESS), pathIndexOf(s, leaf), transcript);
}

const jessActs = async (s: StoryFixture, env: ReturnType<typeof makeEnv>) => {
  const r = await actAs(s, env, JESS);
  expect(r).toMatchObject({ ok: true });
  const call = env.model.calls.filter((c) => kindOf(c) === 'actor' && subjectOf(c) === 'Jess').at(-1);
  return (call as RecordedCall).messages.map((m) => m.content).join('\n');
};

describe('what a quote must be (M9)', () => {
  it('[M9] three words of a spaced script or four CJK characters; a letter, a word or two never', () => {
    for (const short of ['e', 'river', 'the river', '河边', '走到河'])
      expect(longEnough(short), short).toBe(false);
    for (const quote of ['walk down to', '我们走到河边', 'to the 河边'])
      expect(longEnough(quote), quote).toBe(true);
  });

  it('[M9] a value is said by its quote case and articles aside, as whole words', () => {
    expect(says('I pick up THE lantern.', 'a lantern')).toBe(true);
    expect(says('We walk to the old mill', 'the mill')).toBe(true);
    expect(says('We walk past the millstone', 'the mill')).toBe(false);
    expect(says('我们走到磨坊门口', '磨坊')).toBe(true);
  });
});

describe('a chronicled change reaches state and the known world only on real evidence (M9, WK1)', () => {
  it('[M9][WK1] a one-letter quote is refused into the audit: the place is not Jess’s, its body never reaches her request', async () => {
    const { s, env } = scene([{ subject: 'Jess', domain: 'location', value: 'the mill', evidence: 'e' }]);
    const onPath = await chronicleJess(s, env);
    expect(onPath.state[JESS]).toBeUndefined();
    const audit = s.views.chronicle(JESS).audit;
    expect(audit.some((a) => a.item.includes('the mill') && /too short/.test(a.reason))).toBe(true);
    expect(await jessActs(s, env)).not.toContain(MILL_BODY);
  });

  it('[M9][WK1] a real quote that does not name the place a location names is refused, naming it', async () => {
    const { s, env } = scene([{ subject: 'Jess', domain: 'location', value: 'the mill', evidence: RIVER }]);
    const onPath = await chronicleJess(s, env);
    expect(onPath.state[JESS]).toBeUndefined();
    expect(s.views.chronicle(JESS).audit.map((a) => a.reason)).toContain(
      'Its value names The Mill, which its evidence does not name.',
    );
    expect(await jessActs(s, env)).not.toContain(MILL_BODY);
  });

  it('[M9] a quote that does not say its value is refused; one that does is applied, an event needing only a real quote', async () => {
    const { s, env } = scene(
      [
        { subject: 'Jess', domain: 'conditions', value: 'soaked to the bone', evidence: RIVER },
        { subject: 'Jess', domain: 'location', value: 'the river', evidence: 'walk down to the river' },
      ],
      [
        { text: 'They went to the river.', evidence: 'down to the river' },
        { text: 'Someone sang.', evidence: 'river' },
      ],
    );
    const onPath = await chronicleJess(s, env);
    expect(onPath.state[JESS]).toEqual({ location: 'the river' });
    expect(onPath.fresh.flatMap((e) => e.entry.events.map((v) => v.text))).toEqual([
      'They went to the river.',
    ]);
    const reasons = s.views.chronicle(JESS).audit.map((a) => a.reason);
    expect(reasons).toContain(
      'Its evidence does not say its value: give the value in the words of the quote.',
    );
    expect(reasons.some((r) => /too short/.test(r))).toBe(true);
  });

  it('[M9][WK1] a place named in the quote by its alias is where Jess is, and she knows it from then on', async () => {
    const { s, env } = scene(
      [{ subject: 'Jess', domain: 'location', value: 'The Mill', evidence: 'climb up to the old mill' }],
      [],
      [RIVER, 'Then we climb up to the old mill together.'],
    );
    const onPath = await chronicleJess(s, env);
    expect(onPath.state[JESS]).toEqual({ location: 'The Mill' });
    expect(await jessActs(s, env)).toContain(`The Mill (place): ${MILL_BODY}`);
  });
});

describe('the chronicler writes in the story’s script (M10)', () => {
  const CHINESE = {
    memories: [{ text: '你们一起走到河边，等着渡船。', importance: 4 }],
    events: [{ text: '他们走到了河边等渡船。', evidence: '我们走到河边等渡船' }],
    changes: [{ subject: 'Jess', domain: 'location', value: '河边', evidence: '我们走到河边等渡船' }],
    uncertainties: [],
  };
  const ENGLISH = {
    memories: [
      { text: 'You walked down to the river with the traveller and waited for the ferry.', importance: 4 },
    ],
    events: [{ text: 'They went down to the river to wait for the ferry.', evidence: '我们走到河边等渡船' }],
    changes: [{ subject: 'Jess', domain: 'location', value: 'by the river', evidence: '我们走到河边等渡船' }],
    uncertainties: ['Whether the ferry will come at all tonight.'],
  };

  function chineseScene(answers: (n: number) => object) {
    const s = makeStory();
    setLanguage(s.doc, 'zh');
    s.projectAll(s.say(USER, '我们走到河边等渡船。'));
    let n = 0;
    const env = makeEnv(() => JSON.stringify(answers(++n)));
    return { s, env };
  }

  it('[M10][V6][V7] an answer in English is asked for again with the reason in Chinese; the Chinese one is stored', async () => {
    const { s, env } = chineseScene((n) => (n === 1 ? ENGLISH : CHINESE));
    const onPath = await chronicleJess(s, env);
    expect(env.model.calls).toHaveLength(2);
    expect(env.model.calls[1]?.messages.at(-1)?.content).toContain('这个故事是中文的');
    expect(onPath.memories.map((m) => m.memory.text)).toEqual([CHINESE.memories[0]?.text]);
    expect(onPath.state[JESS]).toEqual({ location: '河边' });
  });

  it('[M10][V7] an answer in English every time stores nothing: no memory, no state, no audit', async () => {
    const { s, env } = chineseScene(() => ENGLISH);
    const leaf = s.views.meta().activeLeaf;
    const transcript = s.views.transcript(JESS, { leaf });
    const r = await chronicle(s, env, JESS, transcript, { start: transcript.length, room: 100_000 }, leaf);
    expect(r).toMatchObject({ ok: false, code: 'invalid' });
    expect(s.views.chronicle(JESS).entries).toEqual([]);
    expect(s.views.chronicle(JESS).audit).toEqual([]);
  });
});

// A participant's chronicled events come back to it like its memories (M11): what happened, as it
// perceived it, told at the tail of its own requests once their turns have left its window, within
// the memories' room, never to anyone else, and on its own branch only.
import { describe, expect, it } from 'vitest';
import { makeStory, JESS, USER } from '../support/story-fixture.ts';
import {
  chronicleAnswer,
  completeBackground,
  kindOf,
  smallContextEnv,
  subjectOf,
} from '../support/driver-env.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import type { BudgetOp } from '../../src/driver/env.ts';
import { createTokenGauge, type TokenGauge } from '../../src/driver/budget/token-gauge.ts';
import { send } from '../../src/driver/turns/commands.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { writeRecords } from '../../src/driver/doc/chronicle.ts';
import { pathIndexOf } from '../../src/driver/turns/chronicler.ts';
import { rememberedBlock } from '../../src/driver/memory/remembered.ts';
import { transcriptBasis } from '../../src/driver/memory/chronicle-view.ts';

/** A small model's context: windows fill and step within the scene, so its turns are chronicled. */
const CONTEXT = 4096;
const ROUNDS = 36;
const EVENT = /EVENT-OF-([A-Z]+)-\d+/g;

/** A careful chronicler whose event names whose chronicle it is: a leak would show by name. */
function answer(request: ChatRequest, n: number): string {
  switch (kindOf(request)) {
    case 'selector':
      return JSON.stringify({ next: n % 2 ? 'Jess' : 'Jane' });
    case 'project':
      return `You hear a chair scrape and a cup set down on the table (${n}).`;
    case 'chronicle': {
      const told = JSON.parse(chronicleAnswer(request, n)) as { events: Array<{ text: string }> };
      const who = (subjectOf(request) ?? '').toUpperCase();
      for (const e of told.events) e.text = `EVENT-OF-${who}-${n}: the cup was set down.`;
      return JSON.stringify(told);
    }
    default:
      return `I set my cup down and look out of the window for a while (${n}).`;
  }
}

describe('events come back like memories (M11)', () => {
  it('[M11][O3] an event chronicled for Jess reaches her actor requests, and no request of anyone else', async () => {
    const s = makeStory();
    const gauges = new Map<BudgetOp, TokenGauge>();
    const gauge = (op: BudgetOp) =>
      gauges.get(op) ?? (gauges.set(op, createTokenGauge()).get(op) as TokenGauge);
    const { env, model } = smallContextEnv(CONTEXT, answer, { gauges: gauge });
    for (let i = 0; i < ROUNDS; i++) {
      const r = await send(s, env, { author: USER, text: `I pour another cup of tea and wait, round ${i}.` });
      expect(r.ok).toBe(true);
      expect((await completeBackground(s, env)).ok).toBe(true);
    }
    expect(s.views.chronicle(JESS).entries.some((e) => e.events.length)).toBe(true);
    const told = (c: (typeof model.calls)[number]) =>
      new Set(
        [
          ...c.messages
            .map((m) => m.content)
            .join('\n')
            .matchAll(EVENT),
        ].map((m) => m[1]),
      );
    const jessActs = model.calls.filter((c) => kindOf(c) === 'actor' && subjectOf(c) === 'Jess');
    expect(jessActs.some((c) => told(c).has('JESS'))).toBe(true);
    for (const c of model.calls) {
      const whose = (subjectOf(c) ?? '').toUpperCase();
      for (const name of told(c)) expect(name, `request ${c.n} for ${whose}`).toBe(whose);
    }
  });

  it('[M11][M5] an event of another branch is not told', () => {
    const s = makeStory();
    const root = s.say(USER, 'We sit down at the long table by the fire.');
    s.projectAll(root);
    const a = s.say(USER, 'I pour the tea for everyone at the table.');
    s.projectAll(a);
    const b = s.say(USER, 'I knock the teapot over onto the floor.', { parent: root, activate: false });
    s.projectAll(b);
    const record = (turn: string, text: string) => {
      const slice = s.views.transcript(JESS, { leaf: turn }).filter((e) => e.turnId === turn);
      writeRecords(s.doc, JESS, 'entries', [
        {
          id: `e-${turn}`,
          turns: [turn],
          basis: transcriptBasis(slice),
          createdAt: s.now(),
          memories: [],
          events: [{ id: `v-${turn}`, text, evidence: slice[0]?.text ?? '', turnId: turn }],
          changes: [],
          uncertainties: [],
        },
      ]);
    };
    record(a, 'The tea was poured for everyone.');
    record(b, 'The teapot fell and broke.');
    const later = s.say(USER, 'I sit back and listen to the rain.');
    s.projectAll(later);
    const tail = (leaf: string) => {
      setActiveLeaf(s.doc, leaf);
      const transcript = s.views.transcript(JESS, { leaf });
      return rememberedBlock({
        story: s,
        who: JESS,
        transcript,
        windowStart: transcript.length - 1,
        index: pathIndexOf(s, leaf),
        room: 1000,
      }).text;
    };
    expect(tail(later)).toContain('The tea was poured for everyone.');
    expect(tail(later)).not.toContain('teapot');
    expect(tail(b)).not.toContain('The tea was poured');
  });
});

// What an eval counts, scene by scene, in process: the shipped scenes played by the scripted model
// (tests/support/eval-model.ts) and by projectors that drop everything or write the target's reaction.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kindOf } from '../support/driver-env.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { SHIPPED_SCENES_DIR } from '../../src/cli/eval-scenes.ts';
import { EMPTY_SENTINEL } from '../../src/driver/doc/schema.ts';
import { observe } from '../../src/driver/eval/observe.ts';
import { playScene } from '../../src/driver/eval/play.ts';
import { loadEvalScene, type EvalScene } from '../../src/driver/eval/scene.ts';
import { createTape, EvalMode } from '../../src/driver/eval/tape.ts';
import { evalAnswer } from '../support/eval-model.ts';
import type { ChatBody } from '../support/openai-server.ts';
import { createScriptedModel, type Respond } from '../support/scripted-model.ts';

const NOW = '2025-01-01T00:00:00.000Z';
const readJson = (name: string): unknown =>
  JSON.parse(readFileSync(`${SHIPPED_SCENES_DIR}/${name}`, 'utf8')) as unknown;

function scene(name: string): EvalScene {
  const loaded = loadEvalScene(name, readJson(name), NOW);
  if (!loaded.ok) throw new Error(loaded.detail);
  return loaded.scene;
}

const scripted =
  (leaky: boolean): Respond =>
  (request, n) =>
    evalAnswer({ leaky })(request as unknown as ChatBody, n);

/** The scripted model, with another projector: `project` answers every projection request. */
const withProjector =
  (project: string): Respond =>
  (request, n) =>
    kindOf(request) === 'project' ? project : scripted(false)(request, n);

async function played(name: string, mode: EvalMode, respond: Respond) {
  const s = scene(name);
  const tape = createTape();
  let t = Date.parse(NOW);
  const result = await playScene(
    s,
    mode,
    { model: createScriptedModel(respond), prompts: shippedPrompts(), clock: () => (t += 1000) },
    tape,
  );
  return { result, tape, ...observe(s, result, tape.entries) };
}

describe('eval scores', () => {
  it('[E2][E6] a clean projector: witnesses keep what was said aloud, the thought-only turn is <empty>, nothing leaks', async () => {
    const { tally, result } = await played('en/control-witness.json', EvalMode.isolation, scripted(false));
    expect(result.failure).toBeUndefined();
    // Bram and Noa witnessed the password, and each later turn reached them.
    expect(tally.overFiltering).toEqual({ hits: 0, opportunities: 2 });
    expect(tally.textWhereNothing).toEqual({ hits: 0, opportunities: 2 });
    expect(tally.emptyWherePerceivable).toEqual({ hits: 0, opportunities: 2 });
    expect(tally.L1.hits).toBe(0);
    expect(tally.L0.hits).toBe(0);
  });

  it('[E5] a leaky projector: the private thought reaches both others verbatim (L1) and as text where nothing was perceivable', async () => {
    const { tally, toJudge } = await played('en/thought-cellar.json', EvalMode.isolation, scripted(true));
    expect(tally.L1.hits).toBeGreaterThanOrEqual(2);
    expect(tally.textWhereNothing).toEqual({ hits: 2, opportunities: 2 });
    // The semantic secret has no canary string: only the judge can find it, so its texts are listed.
    expect(
      toJudge.some((j) => j.facts.some((f) => f.id === 'took-ledger') && j.text.includes('ledger')),
    ).toBe(true);
    // One judge call per text, with every secret its reader may not know (here both of Mara's).
    expect(toJudge.some((j) => j.facts.length === 2)).toBe(true);
    expect(tally.L0.hits).toBe(0);
  });

  it('[E6] an over-filtering projector that answers <empty> to everything drops what witnesses heard', async () => {
    const { tally } = await played(
      'en/control-witness.json',
      EvalMode.isolation,
      withProjector(EMPTY_SENTINEL),
    );
    expect(tally.overFiltering).toEqual({ hits: 2, opportunities: 2 });
    expect(tally.emptyWherePerceivable).toEqual({ hits: 2, opportunities: 2 });
  });

  it('[E6] a projector that writes the target reacting is counted on every attempt, and the scene stops there', async () => {
    const { tally, result } = await played(
      'en/control-witness.json',
      EvalMode.isolation,
      withProjector('Mara leans in and whispers. You nod slowly and smile back at her.'),
    );
    expect(result.failure).toMatch(/^step 1: /);
    expect(tally.reactions).toEqual({ hits: 3, opportunities: 3 });
  });

  it('[E3][E4] shared history hands another character the thought itself (L0), and the character repeats it (L1)', async () => {
    const shared = await played('en/thought-cellar.json', EvalMode.shared, scripted(false));
    expect(shared.tape.entries.every((e) => e.tag.op === 'act')).toBe(true);
    expect(shared.tally.L0.hits).toBeGreaterThan(0);
    expect(shared.tally.L1.hits).toBeGreaterThan(0);
    const isolated = await played('en/thought-cellar.json', EvalMode.isolation, scripted(false));
    expect(isolated.tally.L0).toMatchObject({ hits: 0 });
    expect(isolated.tally.L0.opportunities).toBeGreaterThan(0);
  });
});

describe('[E4] structural leaks', () => {
  it('counts a request for a participant that carries a secret it was never shown', async () => {
    const { result, tape } = await played('en/thought-cellar.json', EvalMode.isolation, scripted(false));
    const clean = observe(scene('en/thought-cellar.json'), result, tape.entries).tally.L0;
    expect(clean.hits).toBe(0);
    // As if the driver had put Mara's thought into Bram's actor request: the bug L0 exists to catch.
    const leaked = {
      ...tape.entries[0]!,
      tag: { op: 'act' as const, actor: 'bram' },
      messages: [{ role: 'system' as const, content: 'Mara: (The strongbox code is KX-4471-ZEPHYR.)' }],
    };
    const counted = observe(scene('en/thought-cellar.json'), result, [...tape.entries, leaked]).tally.L0;
    expect(counted).toEqual({ hits: 1, opportunities: clean.opportunities + 1 });
  });
});

describe('eval scenes', () => {
  const base = readJson('en/control-witness.json') as {
    canaries: Array<Record<string, unknown>>;
    steps: unknown[];
  };
  const variant = (change: (s: typeof base) => void) => {
    const copy = structuredClone(base);
    change(copy);
    return loadEvalScene('variant.json', copy, NOW);
  };

  it('[E1] loads every shipped scene, four or more per language', () => {
    for (const language of ['en', 'zh']) {
      const names = ['thought-cellar', 'card-ring', 'aloud-before-arrival', 'control-witness'];
      for (const n of names) expect(scene(`${language}/${n}.json`).language).toBe(language);
    }
  });

  it('[E1] refuses a canary that is not where it says, or a turn its holder does not write', () => {
    expect(variant((s) => ((s.canaries[0] as { text: string }).text = 'ZZ-0000-NOWHERE'))).toEqual({
      ok: false,
      detail: 'canaries[0].text: not in the text of step 1',
    });
    expect(variant((s) => ((s.canaries[0] as { step: number }).step = 2))).toMatchObject({
      ok: false,
      detail:
        'canaries[0].step: a canary in a thought or said aloud names a step whose turn its holder writes',
    });
    expect(
      variant((s) => Object.assign(s.canaries[0] as object, { where: 'card', step: undefined })),
    ).toEqual({
      ok: false,
      detail: "canaries[0].text: not in Mara's card",
    });
    expect(variant((s) => s.steps.push({ act: 'Nobody' }))).toEqual({
      ok: false,
      detail: 'steps[4].act: no character named "Nobody"',
    });
  });
});

// price: what separate points of view cost a person on the servers people run, as
// ../shared/tools/scene-check/run-price.sh and price-sim.mjs define it (price-sim.ts). Each scene of
// tests/fixtures/price is played by `rashomon run` (runScene, in this process) against price-server.ts
// telling llama.cpp's /props, twice: with one slot (the driver keeps its windows short, as for a server
// that keeps one prompt) and with four (each participant's requests named to a slot by `id_slot`). Per
// scene and context:
//   oneSlot       the one-slot play on a one-slot server: seconds from Send to the first and the last
//                 word of the reply the person reads (median over their turns), the shared-history
//                 frontend's for its requests (each a reply), lastWordRatio = Rashomon's last word /
//                 shared last word, firstWordRatio = Rashomon's first word / shared LAST word (what a
//                 person waits for before reading starts, against the whole reply there)
//   everyPrefix   the same on a server keeping every earlier prompt, from the four-slot play (a server
//                 that keeps prompts, as llama.cpp's --cache-ram does, is not sent short windows)
//   uncachedPerTurn, sharedUncachedPerTurn  prompt tokens the server computes per story turn: oneSlot
//                 (the one-slot play), fourSlots and everyPrefix (the four-slot play); fourSlotRatio =
//                 Rashomon's four-slot / shared four-slot
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScene, sceneModel } from '../../src/cli/run-command.ts';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import { runGroup } from './group.ts';
import { startPriceServer } from './price-server.ts';
import {
  EVERY_PREFIX,
  FOUR_SLOTS,
  ONE_SLOT,
  pricedRequests,
  sendToReply,
  sharedHistoryRequests,
  sharedReply,
  simulate,
  uncachedPerTurn,
  type Priced,
} from './price-sim.ts';
import { progress, round } from './stats.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/price/', import.meta.url));
const MODEL = 'price-bench';
/** `rashomon run`'s default, so the requests overlap as they do from the command line. */
const CONCURRENCY = 4;

const PRICE_CASES = [
  { key: 'four8192', scene: 'four-ferry.scene.json', context: 8192 },
  { key: 'four2048', scene: 'four-ferry.scene.json', context: 2048 },
  { key: 'chinese8192', scene: 'four-teahouse-zh.scene.json', context: 8192 },
  { key: 'two8192', scene: 'two-bookbinder.scene.json', context: 8192 },
  { key: 'six8192', scene: 'six-inn.scene.json', context: 8192 },
] as const;

interface Play {
  story: StoryJson;
  reqs: Priced[];
  seconds: number;
  /** How many prompts the driver was told the server keeps (unset: as many as needed). */
  promptSlots: number | null;
}

async function play(scene: string, context: number, slots: number): Promise<Play> {
  const server = await startPriceServer({ context, slots });
  const dir = mkdtempSync(join(tmpdir(), 'rashomon-price-'));
  try {
    const model = { baseURL: server.baseURL, model: MODEL };
    const limits = await sceneModel(model).limits?.();
    // The figures are for the context named: a driver that read another would price something else.
    if (limits?.contextTokens !== context)
      throw new Error(`the driver read a context of ${limits?.contextTokens} from /props, not ${context}`);
    const out = join(dir, 'story.json');
    const started = performance.now();
    const code = await runScene(
      { scene: FIXTURES + scene, ...model, batch: false, concurrency: CONCURRENCY, out },
      () => {},
    );
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`rashomon run ${scene} exited ${code}`);
    const story = JSON.parse(readFileSync(out, 'utf8')) as StoryJson;
    return {
      story,
      reqs: pricedRequests(server.log),
      seconds,
      promptSlots: limits.promptSlots ?? null,
    };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(scene: string, context: number) {
  progress(`price: ${scene} at ${context}, one slot`);
  const one = await play(scene, context, 1);
  progress(`price: ${scene} at ${context}, four slots`);
  const four = await play(scene, context, 4);
  const turns = { one: one.story.turns.length, four: four.story.turns.length };
  const sharedOne = sharedHistoryRequests(one.story, context);
  const sharedFour = sharedHistoryRequests(four.story, context);

  const oneCost = simulate(one.reqs, ONE_SLOT);
  const sharedOneCost = simulate(sharedOne, ONE_SLOT);
  const fourCost = simulate(four.reqs, FOUR_SLOTS);
  const sharedFourCost = simulate(sharedFour, FOUR_SLOTS);
  const everyCost = simulate(four.reqs, EVERY_PREFIX);
  const sharedEveryCost = simulate(sharedFour, EVERY_PREFIX);

  const oneReply = sendToReply(one.reqs, oneCost, one.story);
  const sharedOneReply = sharedReply(sharedOneCost);
  const everyReply = sendToReply(four.reqs, everyCost, four.story);
  const sharedEveryReply = sharedReply(sharedEveryCost);
  const ratio = (a: number | null, b: number | null) => (a === null || !b ? null : round(a / b, 2));
  const uncached = {
    oneSlot: uncachedPerTurn(oneCost, turns.one),
    fourSlots: uncachedPerTurn(fourCost, turns.four),
    everyPrefix: uncachedPerTurn(everyCost, turns.four),
  };
  const sharedUncached = {
    oneSlot: uncachedPerTurn(sharedOneCost, turns.one),
    fourSlots: uncachedPerTurn(sharedFourCost, turns.four),
    everyPrefix: uncachedPerTurn(sharedEveryCost, turns.four),
  };
  const promptPerTurn = (reqs: readonly Priced[], n: number) =>
    Math.round(reqs.reduce((sum, r) => sum + r.prompt.length, 0) / n);
  return {
    oneSlot: {
      firstWordS: oneReply.firstWordS,
      lastWordS: oneReply.lastWordS,
      sharedFirstWordS: sharedOneReply.firstWordS,
      sharedLastWordS: sharedOneReply.lastWordS,
      lastWordRatio: ratio(oneReply.lastWordS, sharedOneReply.lastWordS),
      firstWordRatio: ratio(oneReply.firstWordS, sharedOneReply.lastWordS),
    },
    everyPrefix: {
      firstWordS: everyReply.firstWordS,
      lastWordS: everyReply.lastWordS,
      sharedFirstWordS: sharedEveryReply.firstWordS,
      sharedLastWordS: sharedEveryReply.lastWordS,
    },
    uncachedPerTurn: uncached,
    sharedUncachedPerTurn: sharedUncached,
    fourSlotRatio: ratio(uncached.fourSlots, sharedUncached.fourSlots),
    detail: {
      scene,
      context,
      turns,
      userTurnsTimed: { oneSlot: oneReply.samples, everyPrefix: everyReply.samples },
      requestsPerTurn: {
        oneSlotPlay: round(one.reqs.length / turns.one, 2),
        fourSlotPlay: round(four.reqs.length / turns.four, 2),
        shared: round(sharedOne.length / turns.one, 2),
      },
      promptPerTurn: {
        oneSlotPlay: promptPerTurn(one.reqs, turns.one),
        fourSlotPlay: promptPerTurn(four.reqs, turns.four),
        shared: promptPerTurn(sharedOne, turns.one),
      },
      // run-price.sh prints every server's figure from its four-slot play: these compare with it.
      fourSlotPlayUncachedPerTurn: {
        oneSlot: uncachedPerTurn(simulate(four.reqs, ONE_SLOT), turns.four),
        fourSlots: uncached.fourSlots,
        everyPrefix: uncached.everyPrefix,
      },
      promptSlots: { oneSlotPlay: one.promptSlots, fourSlotPlay: four.promptSlots },
      playSeconds: { oneSlot: round(one.seconds, 1), fourSlots: round(four.seconds, 1) },
    },
  };
}

await runGroup('price', async () => {
  const out: Record<string, unknown> = {};
  for (const c of PRICE_CASES) out[c.key] = await measure(c.scene, c.context);
  return out;
});

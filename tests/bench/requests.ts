// requests: a 30-turn scene with 4 participants (the user and three characters, all present) played by
// `rashomon run` (runScene, in this process) against a local OpenAI-protocol server on 127.0.0.1,
// once with isolated projections and once batched. From the server's request log:
//   requestsPerTurn     successful chat requests / new turns
//   minimumPerTurn      the spec's minimum (SPEC.md L6) / new turns: per new turn one projection per
//                       other audience (batched: one request when there is any), one actor call per
//                       generated turn, one selector call per automatic choice
//   promptCharsPerTurn  characters of all requests' messages (`role\ncontent` joined by '\n') / new turns
//   prefixReuse         median over requests of the share of a request's serialized messages that is a
//                       byte-identical prefix of the previous request of the same operation for the same
//                       audience (projection: the target; actor: the actor; batch: the target set), as
//                       ../shared/tools/scene-check/check-scene.mjs computes it (selector requests excluded
//                       there, and reported separately here); prefix-reuse.ts holds the definitions
import { mulberry32 } from '../support/prng.ts';
import { runGroup } from './group.ts';
import { classify, prefixTracker, serialise, type Op } from './prefix-reuse.ts';
import { playScene } from './scene-play.ts';
import { firstPerson, perceived } from './story-gen.ts';
import { median, progress, round } from './stats.ts';

const ROUNDS = 10; // each round: the user writes, the selector picks an actor, a named character acts

function play(batch: boolean) {
  const rng = mulberry32(batch ? 2 : 1);
  let selections = 0;
  return playScene({
    rounds: ROUNDS,
    batch,
    server: {
      answer: (body) => {
        const { op, targets } = classify(body);
        switch (op) {
          case 'selector':
            return JSON.stringify({ next: targets[selections++ % targets.length] });
          case 'batch':
            return JSON.stringify(Object.fromEntries(targets.map((t) => [t, perceived(rng, 400, false)])));
          case 'project':
            return perceived(rng, 400, false);
          case 'actor':
            return firstPerson(rng, 800, false);
          case 'chronicle': // none expected in 30 turns at the assumed context; reported by operation if any
            return JSON.stringify({ memories: [], events: [], changes: [], uncertainties: [] });
        }
      },
    },
  });
}

async function measure(batch: boolean) {
  progress(`requests: playing ${ROUNDS * 3} turns, ${batch ? 'batched' : 'isolated'} projections`);
  const { played, steps, requests } = await play(batch);
  const turns = played.turns.length;
  const generated = played.turns.filter((t) => t.origin === 'generated').length;
  const autoActs = steps.filter((s) => 'act' in s && s.act === 'auto').length;
  const projections = played.turns.reduce((n, t) => {
    const others = Math.max(t.audiences.length - 1, 0);
    return n + (batch ? Math.min(others, 1) : others);
  }, 0);
  const minimum = projections + generated + autoActs;
  const ok = requests.filter((r) => r.status === 200);
  const reuse = prefixTracker();
  const shares: number[] = [];
  // How much of what the previous request could share (all but its final message, the volatile tail
  // that the next request replaces with history) this one kept: 1 = the layout loses nothing.
  const kept: number[] = [];
  const byOp = new Map<Op, { requests: number; chars: number; shares: number[] }>();
  let chars = 0;
  for (const r of ok) {
    const { op, audience } = classify(r.body);
    const text = serialise(r.body);
    chars += text.length;
    const entry = byOp.get(op) ?? { requests: 0, chars: 0, shares: [] };
    entry.requests++;
    entry.chars += text.length;
    byOp.set(op, entry);
    const reused = reuse.next(`${op}:${audience}`, text);
    if (reused !== undefined) {
      entry.shares.push(reused.share);
      if (op !== 'selector') {
        shares.push(reused.share);
        kept.push(Math.min(1, reused.common / Math.max(1, reused.previous.lastIndexOf('\nuser\n'))));
      }
    }
  }
  return {
    requestsPerTurn: round(ok.length / turns, 2),
    minimumPerTurn: round(minimum / turns, 2),
    promptCharsPerTurn: Math.round(chars / turns),
    prefixReuse: round(median(shares), 3),
    detail: {
      turns,
      generated,
      requests: ok.length,
      failedRequests: requests.length - ok.length,
      minimum,
      stablePrefixKept: round(median(kept), 3),
      // The share grows with the history: the median of each third of the scene, in order.
      prefixReuseByThird: [0, 1, 2].map((i) =>
        round(
          median(
            shares.slice(Math.floor((i * shares.length) / 3), Math.floor(((i + 1) * shares.length) / 3)),
          ),
          3,
        ),
      ),
      byOperation: Object.fromEntries(
        [...byOp].map(([op, e]) => [
          op,
          {
            requests: e.requests,
            promptChars: e.chars,
            prefixReuse: e.shares.length ? round(median(e.shares), 3) : null,
          },
        ]),
      ),
    },
  };
}

await runGroup('requests', async () => ({ isolated: await measure(false), batched: await measure(true) }));

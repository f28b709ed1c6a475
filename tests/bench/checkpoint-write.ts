// Writing a segmented story's boundary checkpoints (issue 21): what the worker runs once a change to an
// open story settles, on a path grounded at its root (every segment loaded: just imported or migrated).
// Run by hand:
//   npx tsx tests/bench/checkpoint-write.ts [turns=10000]
//   firstMs   every boundary's checkpoint written (views.path() built on the way)
//   againMs   nothing changed: every stored checkpoint compared
//   appendMs  after one turn appended at the leaf, median of 5
import { segmentedChain, AUTHOR } from '../support/segment-story.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { writeBoundaryCheckpoints } from '../../src/driver/views/boundary-checkpoint.ts';
import { appendTurn } from '../../src/driver/doc/turns.ts';
import { median, now, round } from './stats.ts';

const TURNS = Number(process.argv[2] ?? 10_000);
const { root } = segmentedChain('checkpoints', TURNS);
const views = createStoryViews(root);
let start = now();
const boundaries = writeBoundaryCheckpoints(root, views).length;
const firstMs = now() - start;
start = now();
writeBoundaryCheckpoints(root, views);
const againMs = now() - start;
const appends: number[] = [];
for (let i = 0; i < 5; i++) {
  appendTurn(root, {
    id: `appended-${i}`,
    author: AUTHOR,
    text: 'One more turn.',
    origin: 'authored',
    createdAt: new Date(Date.UTC(2026, 0, 2, 0, 0, i)).toISOString(),
  });
  views.path();
  start = now();
  writeBoundaryCheckpoints(root, views);
  appends.push(now() - start);
}
console.log(
  JSON.stringify({
    turns: TURNS,
    boundaries,
    firstMs: round(firstMs),
    againMs: round(againMs),
    appendMs: round(median(appends)),
  }),
);

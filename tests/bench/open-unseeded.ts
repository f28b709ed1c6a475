// Opening a segmented story that has no boundary checkpoint (issue 21): one stored by a build before
// them, or whose checkpoints a peer made outdated. The host loads bands down to the root before the
// story's rows are exact; the figure is what that costs. Run by hand:
//   npx tsx tests/bench/open-unseeded.ts [turns=10000]
//   open        openStory through a host on fake-indexeddb, the story not open before
//   transcript  the newest 40 rows after it
import 'fake-indexeddb/auto';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { putStoryEntry } from '../../src/driver/doc/library-doc.ts';
import { CHECKPOINTS_KEY } from '../../src/driver/doc/segment-checkpoints.ts';
import { startOpenAIServer } from '../support/openai-server.ts';
import { startHost } from '../support/host-harness.ts';
import { segmentedChain } from '../support/segment-story.ts';
const N = Number(process.argv[2] ?? 10000);
const prefix = `unseeded-${Date.now()}`;
const writer = createStoryStore({ prefix });
await writer.ready;
const { root, set } = segmentedChain('bare', N);
await writer.adopt(root, set);
root.getMap(CHECKPOINTS_KEY).clear();
const AT = '2026-01-01T00:00:00.000Z';
putStoryEntry(writer.library, {
  id: 'bare',
  title: 'Bare',
  turns: N,
  createdAt: AT,
  lastActivity: AT,
  participants: [],
});
await writer.flush();
await writer.closeAll();
const server = await startOpenAIServer({ answer: () => 'x' });
const h = await startHost(server, createStoryStore({ prefix }));
let t = performance.now();
const o = await h.api.openStory('bare');
if (!o.ok) throw new Error(o.detail);
const openMs = performance.now() - t;
t = performance.now();
await h.api.transcript('bare', { start: N - 40 });
const transcriptMs = performance.now() - t;
console.log(JSON.stringify({ turns: N, openMs: Math.round(openMs), transcriptMs: Math.round(transcriptMs) }));
await h.close();
await server.close();
process.exit(0);

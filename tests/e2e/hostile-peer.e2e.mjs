// [U1][U3] A collaborator's modified client (a bare y-websocket provider with the story's room token)
// writes a loop of parents, a record that is no turn and a wrong-typed field into a story the owner plays in the app. The owner's
// page keeps working: the story opens with its turns, says what cannot be read, and the library still
// lists the owner's other story.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, STEP_TIMEOUT_MS, playedStory } from './browser.mjs';
import { ownerAndCollaborators } from './served-sync.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const TITLE = 'The shared road';
const OTHER = 'My own story';
const TURNS = ['I walk to the crossroads.', 'I look down the north road.'];

describe('a collaborator’s device writes what cannot be read', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  const scene = ownerAndCollaborators();

  it(
    'the owner opens the story with its turns and is told what cannot be read',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await scene.ownerPaired();
      await playedStory(page, OTHER, []);
      const storyId = await playedStory(page, TITLE, TURNS);
      await page.getByRole('status', { name: 'Sync: Synced' }).waitFor();

      // The collaborator: the story's room token and Yjs written by hand, no Rashomon in between.
      const { segment, meta, turns } = await scene.collaboratorOn(storyId);
      const leaf = meta.get('leaf').id;
      let first = leaf;
      while (turns.get(first)?.get('parent')) first = turns.get(first).get('parent');
      segment.doc.transact(() => {
        turns.get(first).set('parent', leaf); // the path loops back on itself
        turns.set('not-a-turn', 12);
      });
      meta.set('title', 42);

      const notice = page.getByRole('status').filter({ hasText: 'another device wrote that cannot be read' });
      await notice.waitFor();
      const text = await notice.textContent();
      // Depths make a loop impossible to read: the turn sent back to the end is at a depth its new
      // parent's does not lead to, and is skipped with the record that is no turn.
      assert.match(text ?? '', /turns skipped: 2/);
      assert.match(text ?? '', /story details read as their defaults: 1/);
      // The skipped first turn is left out of the path (SG5); what followed it starts the path.
      const log = page.getByRole('log', { name: 'Transcript' });
      await log.getByText(TURNS[1]).waitFor();
      assert.equal(await log.getByText(TURNS[0]).count(), 0);

      // The story list: both stories, the shared one marked.
      await page.goto(new URL('#/', appUrl()).href);
      await page.getByRole('link', { name: OTHER, exact: true }).waitFor();
      await page.getByText(/Parts that cannot be read: 3/).waitFor();
      assert.deepEqual(
        scene.owner().errors.filter((e) => !/WebSocket connection to .* failed/.test(e)),
        [],
      );
    },
  );
});

// [U5] A second device sets where the owner's story ends through the sync server: a bare y-websocket
// client with the story's room token (a collaborator's device, no Rashomon in between) writes the root's
// leaf as (a) a turn nobody has and (b) an absurd depth. The owner's page keeps showing the story's turns,
// says the end was lost and offers Repair, which writes a sound leaf back; a depth no band can hold never
// makes the owner's sync read "refused"; the next turn follows the turns shown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, STEP_TIMEOUT_MS, playedStory, sendTurn } from './browser.mjs';
import { ownerAndCollaborators, until } from './served-sync.mjs';

const TEST_TIMEOUT_MS = 4 * STEP_TIMEOUT_MS;
const TITLE = 'The lost end';
const TURNS = ['I walk to the crossroads.', 'I look down the north road.'];
const NEXT = 'I turn back to the gate.';
/** Far past any band a story has (and past the six digits a segment room's number may have). */
const ABSURD_DEPTH = 1_000_000_000;
/** Long enough for a room joined by mistake to drop and be probed: a refused room reads so only then. */
const WATCH_MS = 3_000;

describe('a second device sets where the story ends to nowhere', { timeout: 2 * TEST_TIMEOUT_MS }, () => {
  const scene = ownerAndCollaborators();

  it('[U5] the owner sees the story, is told, and Repairs it', { timeout: TEST_TIMEOUT_MS }, async () => {
    const page = await scene.ownerPaired();
    const storyId = await playedStory(page, TITLE, TURNS);

    // The second device: the leaf in the root room's meta, the turns in the first segment room.
    const { meta, turns } = await scene.collaboratorOn(storyId);
    const sound = meta.get('leaf');

    // Every sync state the owner's indicator shows from here on.
    await page.evaluate(() => {
      window.seenSync = new Set();
      setInterval(() => {
        const status = document.querySelector('.sync-indicator')?.getAttribute('data-status');
        if (status) window.seenSync.add(status);
      }, 50);
    });
    const log = page.getByRole('log', { name: 'Transcript' });
    const lost = page.getByRole('status').filter({ hasText: 'Another device set where this story ends' });

    /** The leaf written as `bad`: the turns stay, the notice says so, and Repair writes `sound` back. */
    async function lostAndRepaired(bad, what) {
      meta.set('leaf', bad);
      await lost.waitFor();
      assert.match((await lost.textContent()) ?? '', new RegExp(`${bad.id} @ ${bad.depth}`), what);
      for (const turn of TURNS) await log.getByText(turn).waitFor();
      assert.equal(await page.getByText('The story has not begun', { exact: false }).count(), 0, what);
      return async () => {
        await lost.getByRole('button', { name: 'Repair' }).click();
        await until(
          () => meta.get('leaf')?.id === sound.id && meta.get('leaf')?.depth === sound.depth,
          `the sound leaf written back after ${what}`,
        );
        await lost.waitFor({ state: 'hidden' });
        for (const turn of TURNS) await log.getByText(turn).waitFor();
      };
    }

    const repairMissing = await lostAndRepaired(
      { id: 'a-turn-nobody-has', depth: sound.depth },
      'a missing turn',
    );
    await repairMissing();

    const repairAbsurd = await lostAndRepaired({ id: 'far-beyond', depth: ABSURD_DEPTH }, 'an absurd depth');
    // No room is joined for a band nobody wrote: the owner's sync never reads "refused".
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    const seen = await page.evaluate(() => [...window.seenSync]);
    assert.deepEqual(
      seen.filter((s) => s !== 'connected' && s !== 'syncing'),
      [],
      'the owner’s sync read other than synced',
    );
    // The story list counts the turns shown, not none and not a billion.
    await page.goto(new URL('#/', appUrl()).href);
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: TITLE, exact: true }) });
    await item.getByText(`Turns: ${sound.depth + 1}`, { exact: true }).waitFor();
    await page.getByRole('link', { name: TITLE, exact: true }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await repairAbsurd();

    // The next turn follows the turns shown.
    await sendTurn(page, NEXT);
    await until(
      () => meta.get('leaf')?.id !== sound.id && turns.has(meta.get('leaf')?.id ?? ''),
      'the next turn',
    );
    const path = [];
    for (let id = meta.get('leaf').id; id; id = turns.get(id)?.get('parent')) path.push(id);
    assert.ok(path.includes(sound.id), 'the next turn is on the repaired path');
    assert.equal(path.length, meta.get('leaf').depth + 1);
    for (const turn of [...TURNS, NEXT]) await log.getByText(turn).waitFor();
    await page.getByRole('status', { name: 'Sync: Synced' }).waitFor();
    assert.deepEqual(
      scene.owner().errors.filter((e) => !/WebSocket connection to .* failed/.test(e)),
      [],
    );
  });
});

// The story screen in real Chromium against a local OpenAI-protocol server: three turns with two
// characters, an interstitial row for a turn the user perceived nothing of, the turn inspector (read
// every variant, edit one and see the stale badges downstream, keep as is, regenerate a projection),
// alternatives (‹ 1/2 ›), "Let them continue", reload, offline reading and editing, a long story
// virtualised, and screenshots at 1280 and 390 px in .tmp/screenshots/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';
import { longStoryJson } from './long-story.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const USER = 'Sam';
const JANE = 'Jane';
const JESS = 'Jess';
const TITLE = 'The Lamplighters';
const USER_TURN = '*I push the door open.* "Hello? Anyone around?"';
/** Words of the characters' private sources: the transcript must never show them. */
const JANE_SECRET = 'marmalade';
const JESS_SECRET = 'tangerine';
const janeSource = (take) =>
  `I lift the lantern (take ${take}) and think of the ${JANE_SECRET} cipher in my boot. "Who goes there?" I ask.`;
const JESS_SOURCE = `I slip behind the curtain and count the pages of the ${JESS_SECRET} ledger.`;
const JANE_HEARS_USER = 'A door creaks open, and a voice calls, "Hello? Anyone around?"';
const JANE_HEARS_JESS = 'You hear a faint rustle somewhere behind you.';
const JANE_EDITED = 'You hear nothing but the wind, and then a voice: "Hello?"';
const JESS_PERCEIVES = 'You see a lantern sway in the hallway.';
/** Words of a later edit of the user's first turn: Jess perceives them, so her history changes. */
const DROPPED_BAG = '*I drop my bag.*';
const JESS_SEES_BAG = 'You see a lantern sway, and hear a bag thud to the floor.';
/** Jane's later turns as the person edits them by hand (each keeps a take for the user's projection). */
const JANE_HUMS = 'I hum a tune (take 3) and wait by the door.';
const JANE_TURNS = 'I turn away (take 4) and say nothing.';

describe('the story screen', { timeout: 14 * TEST_TIMEOUT_MS }, () => {
  let browser, stub, storyUrl;
  let janeTakes = 0;
  /** Added to the user's perception of Jane's turns, to tell a regenerated projection apart. */
  let userNote = '';

  /** The user's perception of Jane's turn `take`. */
  const userSees = (take, note = '') =>
    `A lantern rises at the end of the hallway (take ${take})${note}. *She peers at you.* "Who goes there?" she asks.`;

  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    stub = await startOpenAIStub({
      answer: (kind, body) => {
        const source = String(body.messages.at(-1)?.content ?? '');
        switch (kind.op) {
          case 'actor':
            return kind.actor === JESS ? JESS_SOURCE : janeSource(++janeTakes);
          case 'projector': {
            const take = [...source.matchAll(/take (\d+)/g)].at(-1)?.[1];
            const fromJess = source.includes(JESS_SECRET);
            if (kind.target === USER) return fromJess ? '<empty>' : userSees(take, userNote);
            if (kind.target === JANE) return fromJess ? JANE_HEARS_JESS : JANE_HEARS_USER;
            return source.includes(DROPPED_BAG) ? JESS_SEES_BAG : JESS_PERCEIVES;
          }
          case 'selector':
            return JSON.stringify({ next: JANE });
          default:
            return 'I wait.';
        }
      },
    });
    browser = await openBrowser({ viewport: WIDE });
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const page = () => browser.page;
  const log = () => page().getByRole('log', { name: 'Transcript' });
  const rows = () => log().locator('li[data-turn-id]');
  const inspector = () => page().getByRole('dialog', { name: 'Turn inspector' });
  const variant = (name) => inspector().getByRole('group', { name, exact: true });
  const idle = () => page().getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
  const rowCount = async (n) => {
    await page().waitForFunction(
      (count) => document.querySelectorAll('[role="log"] li[data-turn-id]').length === count,
      n,
      { timeout: STEP_TIMEOUT_MS },
    );
  };
  const openInspector = async (row) => {
    await rows()
      .nth(row)
      .getByRole('button', { name: /^Inspect/ })
      .click();
    await inspector().waitFor();
  };
  const closeInspector = async () => {
    await inspector().getByRole('button', { name: 'Close' }).click();
    await inspector().waitFor({ state: 'hidden' });
  };
  /** Flags any moment the transcript shows a character's private words. */
  const watchForLeaks = () =>
    page().evaluate(
      (words) => {
        window.__leaked = '';
        const transcript = document.querySelector('[role="log"]');
        const check = () => {
          const text = transcript?.textContent?.toLowerCase() ?? '';
          for (const word of words) if (text.includes(word)) window.__leaked = word;
        };
        check();
        new MutationObserver(check).observe(transcript, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      },
      [JANE_SECRET, JESS_SECRET],
    );
  const assertNoLeak = async () => {
    assert.equal(await page().evaluate(() => window.__leaked), '', 'a private source reached the transcript');
    const text = (await log().textContent()).toLowerCase();
    assert.ok(!text.includes(JANE_SECRET) && !text.includes(JESS_SECRET));
  };

  it('sets up the model and creates a story with two characters', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = page();
    await p.goto(appUrl());
    await p.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = p.getByRole('dialog', { name: 'Settings' });
    await addModelServer(settings, stub.baseURL, STUB_MODEL);
    await settings.getByRole('button', { name: 'Done' }).click();
    await settings.waitFor({ state: 'hidden' });

    await p.getByRole('button', { name: 'New story' }).click();
    const form = p.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Your name').fill(USER);
    await form.getByLabel('Character 1 Name').fill(JANE);
    await form.getByLabel('Character 1 Description').fill('A wary lamplighter who keeps secrets.');
    await form.getByRole('button', { name: 'Add character' }).click();
    await form.getByLabel('Character 2 Name').fill(JESS);
    await form.getByLabel('Character 2 Description').fill('A clerk who hides in plain sight.');
    await form.getByRole('button', { name: 'Create story' }).click();
    await p.getByRole('heading', { name: TITLE }).waitFor();
    await log().waitFor();
    storyUrl = p.url();
    await watchForLeaks();
  });

  it(
    'plays three turns; a turn the user perceived nothing of is an interstitial row',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      const composer = p.getByRole('textbox', { name: 'Your turn' });
      // A slow character, so the story is still being written when the composer is looked at.
      stub.pace = (kind) => (kind.op === 'actor' ? { chunkSize: 4, delayMs: 40 } : {});
      await composer.fill(USER_TURN);
      await p.getByRole('button', { name: 'Send' }).click();
      // The sent text leaves the composer once its turn is stored, while the others still answer.
      await p.waitForFunction(() => document.querySelector('.composer textarea')?.value === '', undefined, {
        timeout: STEP_TIMEOUT_MS,
        polling: 20,
      });
      assert.equal(
        await p.getByRole('button', { name: 'Cancel' }).isVisible(),
        true,
        'the story was still going on',
      );
      await log().getByText(userSees(1).slice(0, 40)).waitFor();
      await idle();
      stub.pace = () => ({});
      // Actions in italics, speech set off, both as text (no markup from the model).
      const janeRow = rows().nth(1);
      assert.equal(await janeRow.locator('em.prose-action').first().textContent(), 'She peers at you.');
      assert.equal(await janeRow.locator('.prose-speech').first().textContent(), '"Who goes there?"');
      assert.equal(await rows().nth(0).locator('em.prose-action').textContent(), 'I push the door open.');

      await p.getByLabel('Who acts next').selectOption({ label: JESS });
      await p.getByRole('button', { name: 'Act', exact: true }).click();
      await rowCount(3);
      await idle();
      const nothing = rows().nth(2);
      assert.equal(await nothing.locator('.nothing-text').textContent(), 'Nothing seems to have happened.');
      assert.equal(await nothing.locator('.turn-author').count(), 0, 'an interstitial row names no author');
      await assertNoLeak();
    },
  );

  it(
    'the inspector opens from the interstitial row and shows every variant',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await openInspector(2);
      const source = inspector().getByRole('textbox', { name: `What ${JESS} wrote` });
      assert.equal(await source.inputValue(), JESS_SOURCE);
      const you = variant(`${USER} (you)`);
      await you.getByText('perceived nothing', { exact: true }).waitFor();
      assert.equal(await you.getByRole('textbox').inputValue(), '');
      assert.equal(await variant(JANE).getByRole('textbox').inputValue(), JANE_HEARS_JESS);
      await closeInspector();
      // Reading every variant in the inspector put nothing private into the transcript.
      await assertNoLeak();
    },
  );

  it(
    'editing a variant makes the turns downstream stale; the story asks before anyone acts, and keeping clears them',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      await openInspector(0);
      const janeView = variant(JANE).getByRole('textbox', { name: `What ${JANE} perceived` });
      assert.equal(await janeView.inputValue(), JANE_HEARS_USER);
      await janeView.fill(JANE_EDITED);
      await variant(JANE).getByText('edited', { exact: true }).waitFor();
      await closeInspector();
      await rows().nth(1).getByText('stale', { exact: true }).waitFor();
      await rows().nth(2).getByText('stale', { exact: true }).waitFor();
      const banner = p.locator('.stale-banner');
      await banner
        .getByText('2 turns, marked stale, were written from an earlier version of the story.')
        .waitFor();
      await page().screenshot({ path: `${SCREENSHOTS}story-stale-1280.png`, fullPage: true });

      // Acting now would build on the earlier version: nothing is asked of the model, the story asks.
      const requests = stub.requests.length;
      await p.getByLabel('Who acts next').selectOption({ label: JANE });
      await p.getByRole('button', { name: 'Act', exact: true }).click();
      await banner.getByText('Nobody acts until you choose.').waitFor();
      await banner.getByRole('button', { name: 'Not now' }).click();
      await banner.getByText('Nobody acts until you choose.').waitFor({ state: 'hidden' });
      assert.equal(stub.requests.length, requests);
      await rowCount(3);

      // One item kept from the inspector: it and what it rests on stop being stale.
      await openInspector(1);
      await inspector()
        .getByRole('group', { name: `Source by ${JANE}` })
        .getByText('stale')
        .waitFor();
      await inspector().getByRole('button', { name: 'Keep as is' }).first().click();
      await inspector()
        .getByRole('group', { name: `Source by ${JANE}` })
        .getByText('stale')
        .waitFor({ state: 'hidden' });
      await closeInspector();
      // The rest from the banner.
      await banner.getByRole('button', { name: 'Keep them' }).click();
      await banner.waitFor({ state: 'hidden' });
      assert.equal(await log().getByText('stale', { exact: true }).count(), 0);
      assert.equal(stub.requests.length, requests);
    },
  );

  it(
    'regenerates one projection; the open inspector shows it live',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      userNote = ', brighter now';
      await openInspector(1);
      const you = variant(`${USER} (you)`);
      await you.getByRole('button', { name: 'Regenerate this projection' }).click();
      // The re-read arrives in the open editor, and the transcript behind it.
      await page().waitForFunction(
        (text) => [...document.querySelectorAll('dialog textarea')].some((t) => t.value === text),
        userSees(1, userNote),
        { timeout: STEP_TIMEOUT_MS },
      );
      await page().screenshot({ path: `${SCREENSHOTS}inspector-1280.png` });
      await closeInspector();
      await log().getByText('brighter now').waitFor();
      userNote = '';
    },
  );

  it(
    'regenerating the last turn makes an alternative; ‹ › steps through them',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      // The regenerated view changed what the user perceived, so the user's later view is stale: the
      // story asks first, and a rewrite of nothing but views makes them again in place.
      const banner = p.locator('.stale-banner');
      await banner
        .getByText('One turn, marked stale, was written from an earlier version of the story.')
        .waitFor();
      await p.getByLabel('Who acts next').selectOption({ label: JANE });
      await p.getByRole('button', { name: 'Act', exact: true }).click();
      await banner.getByText('Nobody acts until you choose.').waitFor();
      await banner.getByRole('button', { name: 'Rewrite from here' }).click();
      await rowCount(4);
      await idle();
      await banner.waitFor({ state: 'hidden' });
      assert.equal(
        await rows()
          .nth(1)
          .getByRole('group', { name: /^Alternatives/ })
          .count(),
        0,
      );
      const last = rows().nth(3);
      await last.getByText('(take 2)').waitFor();
      await last.getByRole('button', { name: `Regenerate turn by ${JANE}` }).click();
      await rows().nth(3).getByText('(take 3)').waitFor();
      await idle();
      const switcher = () =>
        rows()
          .nth(3)
          .getByRole('group', { name: `Alternatives of turn by ${JANE}` });
      await switcher().getByText('2/2').waitFor();
      await switcher().getByRole('button', { name: 'Previous alternative' }).click();
      await rows().nth(3).getByText('(take 2)').waitFor();
      await switcher().getByText('1/2').waitFor();
      assert.ok(await switcher().getByRole('button', { name: 'Previous alternative' }).isDisabled());
      // The row was replaced by the other alternative; the keyboard focus stayed on its switcher.
      const focused = () => p.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      assert.equal(await focused(), 'Next alternative');
      await switcher().getByRole('button', { name: 'Next alternative' }).click();
      await rows().nth(3).getByText('(take 3)').waitFor();
      await switcher().getByText('2/2').waitFor();
      await assertNoLeak();
    },
  );

  it('"Let them continue" plays two automatic turns', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = page();
    await p.getByRole('spinbutton', { name: 'for' }).fill('2');
    await p.getByRole('button', { name: 'Let them continue' }).click();
    await rowCount(6);
    await idle();
    await rows().nth(5).getByText('(take 5)').waitFor();
    await assertNoLeak();
  });

  it('a character leaves and joins the scene', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = page();
    await p.getByText('Scene and turn order').click();
    const jess = p.getByRole('group', { name: 'In the scene' }).getByRole('button', { name: JESS });
    assert.equal(await jess.getAttribute('aria-pressed'), 'true');
    await jess.click();
    await p.waitForFunction(() =>
      [...document.querySelectorAll('.presence-toggle')].some(
        (b) => b.getAttribute('aria-pressed') === 'false',
      ),
    );
    assert.equal(await p.getByLabel('Who acts next').locator('option', { hasText: JESS }).count(), 0);
    await jess.click();
    await p.getByLabel('Who acts next').locator('option', { hasText: JESS }).waitFor({ state: 'attached' });
  });

  it(
    'Branch from here continues from a turn; the turns after it stay an alternative',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      await openInspector(1);
      await inspector().getByRole('button', { name: 'Branch from here' }).click();
      await inspector().waitFor({ state: 'hidden' });
      await rowCount(2);
      const composer = p.getByRole('textbox', { name: 'Your turn' });
      assert.ok(await composer.evaluate((el) => el === document.activeElement), 'the composer has focus');
      await composer.fill('I step back into the light.');
      await p.getByRole('button', { name: 'Send' }).click();
      await rowCount(4);
      await idle();
      const fork = () =>
        rows()
          .nth(2)
          .getByRole('group', { name: `Alternatives of turn by ${USER}` });
      await fork().getByText('2/2').waitFor();
      // Back to the first branch: it continues where it was, six turns long.
      await fork().getByRole('button', { name: 'Previous alternative' }).click();
      await rowCount(6);
      await rows()
        .nth(2)
        .getByRole('group', { name: 'Alternatives of this turn' })
        .getByText('1/2')
        .waitFor();
      await rows().nth(3).getByText('(take 3)').waitFor();
      await assertNoLeak();
    },
  );

  it('reload finds everything', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = page();
    await p.reload();
    await p.getByRole('heading', { name: TITLE }).waitFor();
    await rowCount(6);
    await log().getByText('Nothing seems to have happened.').waitFor();
    await log().getByText('brighter now').waitFor();
    await rows().nth(3).getByText('2/2').waitFor();
    await watchForLeaks();
    await assertNoLeak();
    await p.screenshot({ path: `${SCREENSHOTS}story-1280.png`, fullPage: true });
  });

  it(
    'offline, the story reloads and can still be read and edited',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { context } = browser;
      const p = page();
      await p.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      try {
        await p.reload();
        await p.getByRole('heading', { name: TITLE }).waitFor();
        await rowCount(6);
        assert.ok(await p.evaluate(() => navigator.serviceWorker.controller !== null));
        await openInspector(0);
        await variant(JANE).getByRole('textbox').fill(`${JANE_EDITED} Then silence.`);
        await closeInspector();
        await rows().nth(1).getByText('stale', { exact: true }).waitFor();
        await openInspector(1);
        await inspector().getByRole('button', { name: 'Keep as is' }).first().click();
        await inspector().getByText('stale', { exact: true }).first().waitFor({ state: 'hidden' });
        await closeInspector();
        await p.reload();
        await rowCount(6);
        await openInspector(0);
        assert.equal(await variant(JANE).getByRole('textbox').inputValue(), `${JANE_EDITED} Then silence.`);
        await closeInspector();
      } finally {
        await context.setOffline(false);
      }
    },
  );

  it('fits a 390px wide screen, with the inspector open', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = page();
    await p.setViewportSize(PHONE);
    await p.goto(storyUrl);
    await p.reload();
    await rowCount(6);
    const width = () => p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok((await width()) <= PHONE.width, `story screen is ${await width()}px wide`);
    await p.screenshot({ path: `${SCREENSHOTS}story-390.png` });
    await p.screenshot({ path: `${SCREENSHOTS}story-390-full.png`, fullPage: true });
    // The end of the story is in view after a reload: the last turn and the composer.
    await rows()
      .nth(5)
      .getByRole('button', { name: /^Inspect/ })
      .waitFor();
    assert.ok(await p.getByRole('button', { name: 'Send' }).isVisible());
    await openInspector(1);
    const dialogWidth = await inspector().evaluate((el) => el.scrollWidth);
    assert.ok(dialogWidth <= PHONE.width, `the inspector is ${dialogWidth}px wide`);
    await p.screenshot({ path: `${SCREENSHOTS}inspector-390.png` });
    await closeInspector();
    await p.setViewportSize(WIDE);
  });

  it(
    '[H9] after an early edit, Send waits for the choice; Rewrite from here keeps the old turns one swipe away, and copies onto the new branch only the hand-edited turns the person chose',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      const banner = p.locator('.stale-banner');
      // What the offline edit left stale is kept first.
      if (await banner.isVisible()) {
        await banner.getByRole('button', { name: 'Keep them' }).click();
        await banner.waitFor({ state: 'hidden' });
      }
      await rowCount(6);
      await watchForLeaks();
      const turnAt = (row) => rows().nth(row).getAttribute('data-turn-id');
      const oldJess = await turnAt(2);
      // Two of Jane's later turns edited by hand: one to copy onto the new branch, one to leave.
      const sourceOf = () => inspector().getByRole('textbox', { name: `What ${JANE} wrote` });
      for (const [row, text] of [
        [3, JANE_HUMS],
        [4, JANE_TURNS],
      ]) {
        await openInspector(row);
        await sourceOf().fill(text);
        await closeInspector();
      }
      await openInspector(0);
      const source = inspector().getByRole('textbox', { name: `What ${USER} wrote` });
      await source.fill(`${USER_TURN} ${DROPPED_BAG}`);
      await closeInspector();
      await rows().nth(2).getByText('stale', { exact: true }).waitFor();

      const composer = p.getByRole('textbox', { name: 'Your turn' });
      const turn = 'I ask again, louder.';
      await composer.fill(turn);
      const requests = stub.requests.length;
      await p.getByRole('button', { name: 'Send' }).click();
      await banner.getByText('Your turn is not sent yet: choose first, and it goes on from there.').waitFor();
      assert.equal(stub.requests.length, requests, 'nothing was asked of the model before the choice');
      assert.equal(await composer.inputValue(), turn, 'the draft is kept');

      // Each turn edited by hand after Jess's, the first one rewritten, is asked about: left by default.
      const handTurn = (words) => banner.getByRole('group', { name: new RegExp(`^${JANE}: “${words}`) });
      const [hums, turns] = [handTurn('I hum a tune'), handTurn('I turn away')];
      for (const choice of [hums, turns])
        assert.ok(await choice.getByLabel('Leave on the old branch').isChecked());
      await hums.getByLabel('Copy onto the new branch').check();
      await page().screenshot({ path: `${SCREENSHOTS}story-stale-hand-turns-1280.png`, fullPage: true });
      await banner.getByRole('button', { name: 'Rewrite from here' }).click();
      await banner.waitFor({ state: 'hidden' });
      // The rewritten branch (Jane's hummed turn copied, the other left), the turn sent, the answer.
      await rowCount(7);
      for (const [row, copied] of [
        [3, true],
        [4, false],
      ]) {
        await openInspector(row);
        assert.equal((await sourceOf().inputValue()) === JANE_HUMS, copied);
        assert.notEqual(await sourceOf().inputValue(), JANE_TURNS);
        await closeInspector();
      }
      await idle();
      await log().getByText(turn).waitFor();
      assert.equal(await composer.inputValue(), '');
      // Jess's turn (Jess perceived the edit) was written again as the newest alternative at its place
      // (after the branch made earlier here); the old one is still there with what followed it. Jane's
      // view edited by hand stayed as it was, so her first turn did not move.
      const position = (text) =>
        rows()
          .nth(2)
          .getByRole('group', { name: /^Alternatives/ })
          .getByText(text);
      await position('3/3').waitFor();
      assert.notEqual(await turnAt(2), oldJess);
      assert.equal(
        await rows()
          .nth(1)
          .getByRole('group', { name: /^Alternatives/ })
          .count(),
        0,
      );
      for (const at of ['2/3', '1/3']) {
        await rows().nth(2).getByRole('button', { name: 'Previous alternative' }).click();
        await position(at).waitFor();
      }
      await rowCount(6);
      assert.equal(await turnAt(2), oldJess);
      await assertNoLeak();
    },
  );

  it('a long story renders only the rows near the viewport', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = page();
    const turns = 600;
    await p.goto(appUrl());
    await p.getByLabel('Import a file').setInputFiles({
      name: 'long.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(longStoryJson(turns))),
    });
    await p.getByRole('button', { name: 'Import', exact: true }).click();
    await p.getByRole('heading', { name: 'A long night' }).waitFor();
    await log()
      .getByText(`Line ${turns - 1}.`, { exact: true })
      .waitFor();
    const rendered = await rows().count();
    assert.ok(rendered < 100, `${rendered} of ${turns} rows are in the page`);
    // Scrolling to the top brings the first turn in, and the last one goes.
    await p.waitForFunction(
      () => {
        window.scrollTo(0, 0);
        return document.querySelector('[role="log"]')?.textContent?.includes('Line 0.');
      },
      undefined,
      { timeout: STEP_TIMEOUT_MS, polling: 100 },
    );
    await log()
      .getByText(`Line ${turns - 1}.`, { exact: true })
      .waitFor({ state: 'detached' });
    assert.ok((await rows().count()) < 100);
  });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});

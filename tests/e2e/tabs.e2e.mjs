// Two tabs of one browser profile, no sync server configured: a story created in one is listed in the
// other, a turn played in one appears in the other's open story, and a variant edited in the other's
// turn inspector reaches the first one's open inspector, all without a reload (src/workers/store/tab-sync.ts);
// a story deleted in one tab is closed in the other, which says so, and Undo lists it again in both.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const USER = 'Sam';
const JANE = 'Jane';
const TITLE = 'Two Windows';
const USER_TURN = 'I tap on the window glass.';
const USER_SEES = 'Jane looks up from her ledger and waves.';
const JANE_HEARS = 'Someone taps on the window glass.';
const JANE_EDITED = 'Someone taps twice on the window glass, softly.';

describe('two tabs of one device stay in step without a server', { timeout: 5 * TEST_TIMEOUT_MS }, () => {
  let browser, stub, b;
  const errors = [];

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'projector':
            return kind.target === USER ? USER_SEES : JANE_HEARS;
          case 'selector':
            return JSON.stringify({ next: JANE });
          default:
            return 'I look up and wave.';
        }
      },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const a = () => browser.page;
  const log = (page) => page.getByRole('log', { name: 'Transcript' });
  const inspector = (page) => page.getByRole('dialog', { name: 'Turn inspector' });
  const janeView = (page) =>
    inspector(page)
      .getByRole('group', { name: JANE, exact: true })
      .getByRole('textbox', { name: `What ${JANE} perceived` });
  const openInspector = async (page, row) => {
    await log(page)
      .locator('li[data-turn-id]')
      .nth(row)
      .getByRole('button', { name: /^Inspect/ })
      .click();
    await inspector(page).waitFor();
  };

  it('a story created in one tab is listed in the other', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = a();
    await p.goto(appUrl());
    await p.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = p.getByRole('dialog', { name: 'Settings' });
    await addModelServer(settings, stub.baseURL, STUB_MODEL);
    await settings.getByRole('button', { name: 'Done' }).click();
    await settings.waitFor({ state: 'hidden' });

    b = await browser.context.newPage();
    b.on('pageerror', (error) => errors.push(`tab B page error: ${error.message}`));
    b.on('console', (message) => {
      if (message.type() === 'error') errors.push(`tab B console error: ${message.text()}`);
    });
    await b.goto(appUrl());
    await b.getByRole('button', { name: 'New story' }).waitFor();

    await p.getByRole('button', { name: 'New story' }).click();
    const form = p.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Your name').fill(USER);
    await form.getByLabel('Character 1 Name').fill(JANE);
    await form.getByLabel('Character 1 Description').fill('A clerk who keeps the ledger.');
    await form.getByRole('button', { name: 'Create story' }).click();
    await p.getByRole('heading', { name: TITLE }).waitFor();
    await log(p).waitFor();

    await b.getByRole('link', { name: TITLE, exact: true }).waitFor();
  });

  it('a turn played in one tab appears in the other’s open story', { timeout: TEST_TIMEOUT_MS }, async () => {
    await b.getByRole('link', { name: TITLE, exact: true }).click();
    await b.getByRole('heading', { name: TITLE }).waitFor();
    await log(b).waitFor();

    const p = a();
    await p.getByRole('textbox', { name: 'Your turn' }).fill(USER_TURN);
    await p.getByRole('button', { name: 'Send' }).click();
    await log(p).getByText(USER_SEES).waitFor();

    await log(b).getByText(USER_TURN).waitFor();
    await log(b).getByText(USER_SEES).waitFor();
  });

  it(
    'a variant edited in one tab reaches the other’s open inspector',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = a();
      await openInspector(p, 0);
      assert.equal(await janeView(p).inputValue(), JANE_HEARS);

      await openInspector(b, 0);
      await janeView(b).fill(JANE_EDITED);
      await inspector(b)
        .getByRole('group', { name: JANE, exact: true })
        .getByText('edited', { exact: true })
        .waitFor();

      await p.waitForFunction(
        (text) => [...document.querySelectorAll('dialog textarea')].some((t) => t.value === text),
        JANE_EDITED,
        { timeout: STEP_TIMEOUT_MS },
      );
      await inspector(p)
        .getByRole('group', { name: JANE, exact: true })
        .getByText('edited', { exact: true })
        .waitFor();
    },
  );

  it(
    'a story deleted in one tab is closed in the other, which says so',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = a();
      await p.keyboard.press('Escape');
      await inspector(p).waitFor({ state: 'hidden' });
      await p.getByRole('link', { name: '← Stories' }).click();
      await p.getByRole('button', { name: `Delete ${TITLE}` }).click();
      await p.getByRole('button', { name: 'Delete for good' }).click();
      await p.getByRole('button', { name: 'Undo' }).waitFor();

      await b.getByRole('heading', { name: 'Story deleted' }).waitFor();
      await b.getByText('This story was deleted on another device or in another tab.').waitFor();
      await b.getByRole('link', { name: 'Back to your stories' }).click();
      await b.getByRole('button', { name: 'New story' }).waitFor();
      assert.equal(await b.getByRole('link', { name: TITLE, exact: true }).count(), 0);

      // Undo in the first tab lists it again in both.
      await p.getByRole('button', { name: 'Undo' }).click();
      await p.getByRole('link', { name: TITLE, exact: true }).waitFor();
      await b.getByRole('link', { name: TITLE, exact: true }).waitFor();
    },
  );

  it('logged no page or console errors', () => {
    assert.deepEqual([...browser.errors, ...errors], []);
  });
});

// A library character's card and a persona edited after import or creation, in real Chromium: a JSON
// card imported, its description and a greeting changed in "Edit card"; a new story with it sends the
// new description in the character's actor request; the exported card carries the edits; closing with
// unsaved changes asks; a persona edited; a character and a persona deleted after a question.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 4 * STEP_TIMEOUT_MS;
const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const OLD_DESCRIPTION = 'A lighthouse keeper who counts the ships.';
const NEW_DESCRIPTION = 'A retired smuggler who keeps the lamp lit for old friends.';
const NEW_GREETING = 'Shut the door, the wind bites.';
const CARD = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    name: 'Ilse',
    description: OLD_DESCRIPTION,
    personality: 'Wry.',
    scenario: '',
    first_mes: 'The lamp needs oil. Hold this.',
    mes_example: '',
    creator_notes: 'Best with a storm.',
    alternate_greetings: ['You came by the cliff path? In this wind?'],
    tags: ['coast'],
  },
};

describe('a library character’s card edited', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) =>
        kind.op === 'actor'
          ? 'I hand you the oil can.'
          : kind.op === 'projector'
            ? 'Ilse hands you an oil can.'
            : 'I wait.',
    });
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByText('No stories yet.').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await addModelServer(dialog, stub.baseURL, STUB_MODEL);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const ilseItem = () =>
    browser.page
      .getByRole('region', { name: 'Characters' })
      .getByRole('listitem')
      .filter({ hasText: 'Ilse' });
  /** What axe-core finds on the page as it is now, one line each (run through DevTools: the CSP does not apply). */
  async function violations() {
    const { page } = browser;
    await page.evaluate(await readFile(AXE, 'utf8'));
    const found = await page.evaluate(() =>
      window.axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations),
    );
    return found.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  }
  const cardDialog = () => browser.page.getByRole('dialog', { name: 'Edit the card of Ilse' });

  it(
    'edits an imported card, asks before losing changes, and exports the edits',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByLabel('Import a file').setInputFiles({
        name: 'ilse.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(CARD)),
      });
      const review = page.getByRole('region', { name: 'ilse.json: a character card, “Ilse”' });
      await review.getByRole('button', { name: 'Import', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Imported a character card “Ilse” into your library.' })
        .waitFor();

      // Closing with unsaved changes asks; Keep editing keeps them, Discard drops them.
      await ilseItem().getByRole('button', { name: 'Edit card of Ilse' }).click();
      const dialog = cardDialog();
      await dialog.getByText('Stories already started keep the card they began with').waitFor();
      assert.equal(await dialog.getByLabel('Creator’s notes').inputValue(), 'Best with a storm.');
      await dialog.getByLabel('Description').fill('A draft nobody should keep.');
      await dialog.getByRole('button', { name: 'Close' }).click();
      const question = dialog.getByRole('alertdialog');
      await question.getByText('You have changes that are not saved. Discard them?').waitFor();
      await question.getByRole('button', { name: 'Keep editing' }).click();
      assert.equal(await dialog.getByLabel('Description').inputValue(), 'A draft nobody should keep.');
      await page.keyboard.press('Escape');
      await question.getByRole('button', { name: 'Discard changes' }).click();
      await dialog.waitFor({ state: 'detached' });

      // An empty name is refused with what to do.
      await ilseItem().getByRole('button', { name: 'Edit card of Ilse' }).click();
      assert.equal(await dialog.getByLabel('Description').inputValue(), OLD_DESCRIPTION);
      await dialog.getByLabel('Name').fill('  ');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('alert').getByText('a name is needed: write one, or Cancel').waitFor();
      await dialog.getByLabel('Name').fill('Ilse');

      await dialog.getByLabel('Description').fill(NEW_DESCRIPTION);
      await dialog.getByLabel('Greeting 1').fill(NEW_GREETING);
      await dialog.getByRole('button', { name: 'Add a greeting' }).click();
      await dialog.getByLabel('Greeting 2').fill('Bells again.');
      await dialog.getByLabel('Creator’s notes').fill('Best with a calm sea.');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.screenshot({ path: `${SCREENSHOTS}library-card-editor-${width}.png` });
        assert.deepEqual(await violations(), [], `axe at ${width} px`);
        const overflow = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
        assert.ok(overflow <= 0, `the card editor overflows by ${overflow} px at ${width} px`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await ilseItem().getByText('Greetings: 3').waitFor();

      const [file] = await Promise.all([
        page.waitForEvent('download'),
        ilseItem().getByRole('button', { name: 'Export card (JSON)' }).click(),
      ]);
      const exported = JSON.parse((await readFile(await file.path())).toString('utf8')).data;
      assert.equal(exported.description, NEW_DESCRIPTION);
      assert.deepEqual(exported.alternate_greetings, [NEW_GREETING, 'Bells again.']);
      assert.equal(exported.creator_notes, 'Best with a calm sea.');
      assert.equal(exported.personality, 'Wry.');
      assert.deepEqual(exported.tags, ['coast']);
    },
  );

  it(
    'starts a new story with the edited card: the actor request carries the new description',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill('The Lighthouse');
      await form.getByLabel('Your name').fill('Sam');
      await form.getByLabel('Your persona').fill('A courier with a sealed letter.');
      await form.getByLabel('Add a character from your library').selectOption({ label: 'Ilse' });
      await form.getByLabel('How the story opens').selectOption({ label: `Ilse: ${NEW_GREETING}` });
      await form.getByRole('button', { name: 'Create story' }).click();
      const log = page.getByRole('log', { name: 'Transcript' });
      await log.getByText(NEW_GREETING).waitFor();
      await page.getByRole('textbox', { name: 'Your turn' }).fill('I shake the rain off.');
      await page.getByRole('button', { name: 'Send' }).click();
      await log.getByText('Ilse hands you an oil can.').waitFor();
      const actor = JSON.stringify(stub.requests.find((r) => r.kind.op === 'actor')?.body.messages);
      assert.ok(actor.includes(NEW_DESCRIPTION), 'Ilse’s actor request lacks her new description');
      assert.ok(!actor.includes(OLD_DESCRIPTION), 'Ilse’s actor request still has her old description');
    },
  );

  it(
    'edits a persona, and deletes a persona and a character after asking',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      const personas = page.getByRole('region', { name: 'Personas' });
      const sam = personas.getByRole('listitem').filter({ hasText: 'Sam' });
      await sam.getByRole('button', { name: 'Edit the persona Sam' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit the persona Sam' });
      assert.equal(await dialog.getByLabel('Description').inputValue(), 'A courier with a sealed letter.');
      await dialog.getByLabel('Description').fill('A courier who reads the letters.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await sam.getByText('A courier who reads the letters.').waitFor();

      await sam.getByRole('button', { name: 'Delete Sam from the library' }).click();
      await sam.getByText('Delete Sam from the library? Stories already started keep their copy.').waitFor();
      await sam.getByRole('button', { name: 'Keep' }).click();
      await sam.getByRole('button', { name: 'Delete Sam from the library' }).click();
      await sam.getByRole('button', { name: 'Delete for good' }).click();
      await personas.waitFor({ state: 'detached' });

      await ilseItem().getByRole('button', { name: 'Delete Ilse from the library' }).click();
      await ilseItem().getByRole('button', { name: 'Delete for good' }).click();
      await ilseItem().waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'The Lighthouse' }).waitFor();
    },
  );
});

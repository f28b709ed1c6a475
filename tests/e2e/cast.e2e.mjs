// A running story's cast in real Chromium against the scripted OpenAI-protocol server: a character's
// card edited from the scene's options reaches the next actor request, and the story's Author's Note
// reaches every actor request at its depth, never a projection request; a character added perceives
// the next turns, and one removed keeps its turns in the transcript but perceives and acts no more;
// a picture chosen for a character is stored small and shown beside its name in its rows and the cast;
// one chosen for a library character comes into the next story started with it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
/** Bigger than the 256 px the app keeps, so the picture stored must have been made smaller. */
const PICTURE = { width: 600, height: 300 };

/** A red PNG of `width` × `height` (8-bit RGB, no filter), as a camera's picture would be bigger. */
function redPng({ width, height }) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([200, 30, 30]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
const USER = 'Sam';
const CHARACTER = 'Jane';
const OLD_DESCRIPTION = 'A wary lamplighter who keeps secrets.';
const NEW_DESCRIPTION = 'A retired smuggler who hates bells.';

describe('the cast of a running story', { timeout: 6 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  /** Who the selector names next. */
  let next = CHARACTER;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind, body) => {
        switch (kind.op) {
          case 'actor':
            return kind.actor === CHARACTER ? 'I trim the wick and look up.' : 'I fix the hinge.';
          case 'projector':
            if (kind.target !== USER) return 'Someone says hello.';
            return body.messages.some((m) => String(m.content).includes('I fix the hinge.'))
              ? 'Ivo fixes a hinge.'
              : 'Jane trims a wick and looks up.';
          case 'selector':
            return JSON.stringify({ next });
          default:
            return 'I wait.';
        }
      },
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

  const log = () => browser.page.getByRole('log', { name: 'Transcript' });
  const actorRequests = () => stub.requests.filter((r) => r.kind.op === 'actor');

  it('creates a story with Jane', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill('The Lantern');
    await form.getByLabel('Your name').fill(USER);
    await form.getByLabel('Character 1 Name').fill(CHARACTER);
    await form.getByLabel('Character 1 Description').fill(OLD_DESCRIPTION);
    await form.getByRole('button', { name: 'Create story' }).click();
    await log().waitFor();
  });

  it(
    'edits Jane’s description; the next actor request carries it',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByText('Scene and turn order').click();
      await page.getByRole('button', { name: `Edit ${CHARACTER}` }).click();
      const card = page.getByRole('form', { name: `Card of ${CHARACTER}` });
      const description = card.getByLabel('Description (only this character is told it)');
      assert.equal(await description.inputValue(), OLD_DESCRIPTION);
      await card.getByText('Changes apply to the next requests').waitFor();
      await description.fill(NEW_DESCRIPTION);
      await card.getByRole('button', { name: 'Save' }).click();
      await card.waitFor({ state: 'hidden' });
      // Saved: opened again, the form shows the new description.
      await page.getByRole('button', { name: `Edit ${CHARACTER}` }).click();
      assert.equal(await description.inputValue(), NEW_DESCRIPTION);
      await card.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('textbox', { name: 'Your turn' }).fill('Hello there.');
      await page.getByRole('button', { name: 'Send' }).click();
      await log().getByText('Jane trims a wick and looks up.').waitFor();
      const request = JSON.stringify(actorRequests().at(-1)?.body.messages);
      assert.ok(request.includes(NEW_DESCRIPTION), 'the actor request lacks the new description');
      assert.ok(!request.includes(OLD_DESCRIPTION), 'the actor request still has the old description');
    },
  );

  it(
    'an Author’s Note reaches the next actor request at its depth, no projection',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      const summary = page.getByRole('button', { name: 'Author’s note' });
      await summary.click();
      const note = page.getByRole('form', { name: 'Author’s note' });
      await note.getByLabel('Author’s note').fill('Keep it hushed.');
      const depth = note.getByLabel('Depth (messages before the end of what each character sees)');
      assert.equal(await depth.inputValue(), '4');
      await depth.fill('0');
      await note.getByRole('button', { name: 'Save the note' }).click();
      await note.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const before = stub.requests.length;
      await page.getByRole('textbox', { name: 'Your turn' }).fill('Is it late?');
      await page.getByRole('button', { name: 'Send' }).click();
      await log().getByText('Is it late?').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
      const later = stub.requests.slice(before);
      const actor = later.find((r) => r.kind.op === 'actor');
      const history = String(actor?.body.messages[0]?.content ?? '');
      // Depth 0: after the newest entry of Jane's window, the end of its history.
      const told = '[Author’s note: Keep it hushed.]';
      assert.ok(history.includes(told), 'the actor request lacks the note');
      assert.ok(
        history.indexOf(told) > history.lastIndexOf('Someone says hello.'),
        'the note is not after the newest entry',
      );
      const projections = later.filter((r) => r.kind.op === 'projector');
      assert.ok(projections.length > 0);
      for (const p of projections) assert.ok(!JSON.stringify(p.body.messages).includes('Author’s note'));
      // The stored note is shown again after a reload.
      await page.reload();
      await page.getByText('Scene and turn order').click();
      await summary.click();
      assert.equal(await note.getByLabel('Author’s note').inputValue(), 'Keep it hushed.');
      assert.equal(await depth.inputValue(), '0');
    },
  );

  it('adds a new character, who perceives the next turn', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Add a character' }).click();
    const form = page.getByRole('form', { name: 'Add a character' });
    await form.getByLabel('From the library').selectOption({ label: 'A new character' });
    await form.getByLabel('Name').fill('Ivo');
    await form.getByLabel('Description (only this character is told it)').fill('A tinker with a limp.');
    await form.getByRole('button', { name: 'Add to the story' }).click();
    await form.waitFor({ state: 'hidden' });
    const scene = page.getByRole('group', { name: 'In the scene' });
    assert.equal(await scene.getByRole('button', { name: 'Ivo' }).getAttribute('aria-pressed'), 'true');
    const before = stub.requests.length;
    await page.getByRole('textbox', { name: 'Your turn' }).fill('Who is that?');
    await page.getByRole('button', { name: 'Send' }).click();
    await log().getByText('Who is that?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
    const targets = stub.requests
      .slice(before)
      .filter((r) => r.kind.op === 'projector')
      .map((r) => r.kind.target);
    assert.ok(targets.includes('Ivo'), 'Ivo was not told of the turn');
  });

  it(
    'removes Jane: her turns stay, she perceives and acts no more; she can be brought back',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByRole('button', { name: `Edit ${CHARACTER}` }).click();
      await page.getByRole('button', { name: `Remove ${CHARACTER} from the story` }).click();
      const scene = page.getByRole('group', { name: 'In the scene' });
      await scene.getByRole('button', { name: CHARACTER, exact: true }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Bring ${CHARACTER} back` }).waitFor();
      assert.ok(
        (await log().getByText('Jane trims a wick and looks up.').count()) > 0,
        'Jane’s turns left the transcript',
      );
      next = 'Ivo';
      const before = stub.requests.length;
      await page.getByRole('textbox', { name: 'Your turn' }).fill('Anyone left?');
      await page.getByRole('button', { name: 'Send' }).click();
      await log().getByText('Ivo fixes a hinge.').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
      const later = stub.requests.slice(before);
      assert.ok(
        !later.some((r) => r.kind.op === 'projector' && r.kind.target === CHARACTER),
        'Jane was told of a turn',
      );
      assert.deepEqual(
        later.filter((r) => r.kind.op === 'actor').map((r) => r.kind.actor),
        ['Ivo'],
      );
      await page.getByRole('button', { name: `Bring ${CHARACTER} back` }).click();
      await page.getByRole('button', { name: `Bring ${CHARACTER} back` }).waitFor({ state: 'detached' });
      assert.equal(
        await scene.getByRole('button', { name: CHARACTER, exact: true }).getAttribute('aria-pressed'),
        'true',
      );
    },
  );

  it(
    'a picture for Jane is stored small and shown beside her name in her rows and the cast',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByRole('button', { name: `Edit ${CHARACTER}` }).click();
      const card = page.getByRole('form', { name: `Card of ${CHARACTER}` });
      await card
        .getByLabel('Picture')
        .setInputFiles({ name: 'jane.png', mimeType: 'image/png', buffer: redPng(PICTURE) });
      await card.getByRole('img', { name: CHARACTER }).waitFor();
      await card.getByRole('button', { name: 'Save' }).click();
      await card.waitFor({ state: 'hidden' });
      const row = log()
        .locator('li[data-turn-id]')
        .filter({ hasText: 'Jane trims a wick and looks up.' })
        .first();
      const picture = row.getByRole('img', { name: CHARACTER });
      await picture.waitFor();
      const size = await picture.evaluate((img) => [img.naturalWidth, img.naturalHeight]);
      assert.deepEqual(size, [256, 128]);
      assert.match((await picture.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
      // The row still starts with her name as text; the picture's name is its alt text.
      assert.match((await row.textContent()) ?? '', /^Jane/);
      const scene = page.getByRole('group', { name: 'In the scene' });
      await scene.getByRole('button', { name: CHARACTER, exact: true }).locator('img.cast-avatar').waitFor();
      const other = log().locator('li[data-turn-id]').filter({ hasText: 'Who is that?' }).first();
      assert.equal(await other.getByRole('img').count(), 0, 'the user has no picture');
      const errors = browser.errors.filter((e) => !e.includes('favicon'));
      assert.deepEqual(errors, []);
    },
  );

  it(
    'a library character’s picture comes into a new story with it',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      const ivo = page
        .getByRole('region', { name: 'Characters' })
        .getByRole('listitem')
        .filter({ hasText: 'Ivo' });
      await ivo
        .getByLabel('Picture')
        .setInputFiles({ name: 'ivo.png', mimeType: 'image/png', buffer: redPng(PICTURE) });
      const picture = ivo.getByRole('img', { name: 'Ivo' });
      await picture.waitFor();
      assert.deepEqual(await picture.evaluate((img) => [img.naturalWidth, img.naturalHeight]), [256, 128]);
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill('The Workshop');
      await form.getByLabel('Your name').fill(USER);
      await form.getByLabel('Add a character from your library').selectOption({ label: 'Ivo' });
      await form.getByRole('button', { name: 'Create story' }).click();
      await log().waitFor();
      await page.getByText('Scene and turn order').click();
      const scene = page.getByRole('group', { name: 'In the scene' });
      await scene.getByRole('button', { name: 'Ivo', exact: true }).locator('img.cast-avatar').waitFor();
    },
  );
});

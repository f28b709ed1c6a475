// Long sessions in real Chromium against a local OpenAI-protocol server with a small context set in
// Settings: turns leave Jane's window, her chronicler runs, and "What Jane remembers" shows what it
// noted. The person accepts, amends and rejects changes waiting for review, adds and forgets memories
// and corrects her state; each shows in the panel as the worker reads it back, and Jane's next request
// carries it. The inspector itemises what her turn's request was given and shows the request itself.
// Screenshots at 1280 and 390 px in .tmp/screenshots/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const PHONE = { width: 390, height: 844 };
/** Small enough that a few turns overflow every window, large enough for the prompts themselves. */
const CONTEXT_TOKENS = 2048;
/** Rounds (the user's turn and Jane's answer) played at most before the chronicler must have run. */
const MAX_ROUNDS = 8;
/**
 * Time without a request to the model after which the story's background (the views nobody waited
 * for, then memories, written between commands) is taken to be done.
 */
const QUIET_MS = 750;

const USER = 'Sam';
const JANE = 'Jane';
const TITLE = 'The Long Watch';
const JANE_CARD = 'A wary lamplighter who keeps a brass key on a chain around her neck.';
const userTurn = (round) =>
  `*I knock at the gatehouse again (round ${round}).* "I have walked since dawn along the river road, past the burnt mill and the ferry that no longer runs, and I would be grateful for a fire and a word about the road ahead."`;
const janeSource = (round) =>
  `I lift the lantern (round ${round}) and look the traveller over for a long moment. "The road ahead floods at night, and the ferryman left in spring. You may warm your hands, but you will not cross before morning."`;
const samSees = (round) =>
  `The lamplighter lifts her lantern (round ${round}) and looks you over for a long moment. "The road ahead floods at night, and the ferryman left in spring. You may warm your hands, but you will not cross before morning."`;
const janeHears = (round) =>
  `The traveller knocks at the gatehouse again (round ${round}) and asks for a fire and a word about the road ahead, having walked since dawn past the burnt mill. You stand by the lamp post in a soot-stained coat; he is a stranger she is wary of, who is looking for the old mill, and you mean to send the traveller away.`;

/** A line of any round: `line` written for every round number. */
const anyRound = (line) =>
  new RegExp(
    line('ROUND')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('ROUND', '\\d+'),
  );

const FIRST_MEMORY = 'You met a traveller called Sam at the gatehouse.';
const ADDED_MEMORY = 'You promised Sam a bed by the fire for the night.';
const REFUSED_EVIDENCE = 'words that nobody ever said';

/** What Jane's chronicler notes of its first stretch: a memory, an event, changes of each kind. */
function firstChronicle(quote) {
  return {
    memories: [{ text: FIRST_MEMORY, importance: 6 }],
    events: [
      { text: 'Sam came to the gatehouse.', evidence: quote },
      { text: 'Sam sang a song.', evidence: REFUSED_EVIDENCE },
    ],
    changes: [
      { subject: JANE, domain: 'location', value: 'by the lamp post', evidence: quote },
      { subject: JANE, domain: 'appearance', value: 'a soot-stained coat', evidence: quote },
      { subject: USER, domain: 'relationship', value: 'a stranger she is wary of', evidence: quote },
      { subject: USER, domain: 'knowledge', value: 'is looking for the old mill', evidence: quote },
      { subject: JANE, domain: 'goals', value: 'to send the traveller away', evidence: quote },
    ],
    uncertainties: ['Whether Sam is who he says he is.'],
  };
}

describe(
  'what a participant remembers, and what a request was given',
  { timeout: 12 * TEST_TIMEOUT_MS },
  () => {
    let browser, stub;
    let round = 0;
    const chronicles = new Map();

    before(async () => {
      await mkdir(SCREENSHOTS, { recursive: true });
      stub = await startOpenAIStub({
        answer: (kind) => {
          switch (kind.op) {
            case 'actor':
              return janeSource(round);
            case 'projector':
              return kind.target === USER ? samSees(round) : janeHears(round);
            case 'selector':
              return JSON.stringify({ next: JANE });
            case 'chronicler': {
              const n = (chronicles.get(kind.who) ?? 0) + 1;
              chronicles.set(kind.who, n);
              // Evidence must be an exact quote of the participant's own transcript that says each
              // change's value (M9): her first line, which holds every value of her first stretch.
              const first = kind.entries[0] ?? '';
              const quote = first.slice(first.indexOf(': ') + 2);
              if (kind.who === JANE && n === 1) return JSON.stringify(firstChronicle(quote));
              return JSON.stringify({
                memories: [{ text: `You kept watch over the road (${kind.who}, ${n}).`, importance: 2 }],
                events: [],
                changes: [],
                uncertainties: [],
              });
            }
            default:
              return 'I wait.';
          }
        },
      });
      browser = await openBrowser();
    });
    after(async () => {
      await browser?.close();
      await stub?.close();
    });

    const page = () => browser.page;
    const log = () => page().getByRole('log', { name: 'Transcript' });
    const idle = () => page().getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
    /** Waits for the background's requests to stop: a command sent meanwhile would stop it half-way. */
    const backgroundDone = async () => {
      for (let seen = -1; seen !== stub.requests.length;) {
        seen = stub.requests.length;
        await page().waitForTimeout(QUIET_MS);
      }
    };
    const panel = (name) => page().getByRole('dialog', { name: `What ${name} remembers` });
    const openPanel = async (name) => {
      const options = page().locator('details.scene-options');
      if (!(await options.evaluate((el) => el.open))) await options.locator('summary').click();
      await page()
        .getByRole('button', { name: `What ${name} remembers` })
        .click();
      await panel(name).waitFor();
      await panel(name).getByText('Reading the memories…').waitFor({ state: 'hidden' });
    };
    const closePanel = async (name) => {
      await panel(name).getByRole('button', { name: 'Close' }).click();
      await panel(name).waitFor({ state: 'hidden' });
    };
    const section = (name, title) => panel(name).getByRole('region', { name: title });
    const janeChronicled = () => stub.requests.some((r) => r.kind.op === 'chronicler' && r.kind.who === JANE);

    it('sets a small context in Settings and starts a story', { timeout: TEST_TIMEOUT_MS }, async () => {
      await page().goto(appUrl());
      await page().getByText('No stories yet.').waitFor();
      await page().getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      const settings = page().getByRole('dialog', { name: 'Settings' });
      await addModelServer(settings, stub.baseURL, STUB_MODEL);
      await settings.getByLabel('Context (tokens)').fill(String(CONTEXT_TOKENS));
      await settings.getByRole('button', { name: 'Done' }).click();
      await settings.waitFor({ state: 'hidden' });

      await page().getByRole('button', { name: 'New story' }).click();
      const form = page().getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill(TITLE);
      await form.getByLabel('Your name').fill(USER);
      await form.getByLabel('Your persona').fill('A traveller on the river road.');
      await form.getByLabel('Character 1 Name').fill(JANE);
      await form.getByLabel('Character 1 Description').fill(JANE_CARD);
      await form.getByRole('button', { name: 'Create story' }).click();
      await page().getByRole('heading', { name: TITLE }).waitFor();
      await log().waitFor();
    });

    it('says what an empty chronicle means', { timeout: TEST_TIMEOUT_MS }, async () => {
      await openPanel(JANE);
      await panel(JANE).getByText('Memories are written when turns leave Jane’s context window').waitFor();
      await panel(JANE).getByText('Remembers 0 turns that left its window.').waitFor();
      await closePanel(JANE);
    });

    it(
      'plays until turns leave Jane’s window and her chronicler runs',
      { timeout: 2 * TEST_TIMEOUT_MS },
      async () => {
        while (!janeChronicled()) {
          assert.ok(round < MAX_ROUNDS, `no chronicler request for ${JANE} after ${round} rounds`);
          round++;
          await page().getByRole('textbox', { name: 'Your turn' }).fill(userTurn(round));
          await page().getByRole('button', { name: 'Send' }).click();
          await log().getByText(samSees(round)).waitFor();
          await idle();
          // Jane's view of the turn and the memories are written after the command, in the background.
          await backgroundDone();
        }
        const request = stub.requests.find((r) => r.kind.op === 'chronicler' && r.kind.who === JANE);
        // Her chronicler reads her own transcript of the turns that left her window, and no card.
        assert.ok(request.body.messages[0].content.includes(janeHears(1)));
        assert.ok(!request.body.messages[0].content.includes(JANE_CARD));
      },
    );

    it(
      'shows her memories, state, the review queue and the refused item',
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        await openPanel(JANE);
        const dialog = panel(JANE);
        await dialog.getByText(/Remembers [1-9]\d* turns? that left its window\./).waitFor();
        const memories = section(JANE, 'Memories');
        const first = memories.getByRole('listitem').filter({ hasText: FIRST_MEMORY });
        await first.getByText('importance 6/10').waitFor();
        const state = section(JANE, 'How things stand');
        await state.getByText('by the lamp post', { exact: true }).waitFor();
        await state.getByText('a soot-stained coat', { exact: true }).waitFor();
        const review = section(JANE, 'Waiting for your review');
        assert.equal(await review.getByRole('listitem').count(), 3);
        const relationship = review.getByRole('listitem', { name: `Change of ${USER}: Relationship` });
        await relationship.getByText('a stranger she is wary of', { exact: true }).waitFor();
        // Each change shows the words it rests on, quoted from what Jane perceived.
        assert.ok(
          janeHears(1).includes(
            (await relationship.locator('blockquote').innerText()).replace('Evidence:', '').trim(),
          ),
        );
        // Events and uncertainties are folded away; the refused event is in the audit with its reason.
        const events = dialog.locator('details', { hasText: 'Events (1)' });
        assert.equal(await events.evaluate((el) => el.open), false);
        await events.locator('summary').click();
        await events.getByText('Sam came to the gatehouse.').waitFor();
        const refused = dialog.locator('details', { hasText: 'Refused (1)' });
        await refused.locator('summary').click();
        await refused.getByText('not an exact quote').waitFor();
        await refused.getByText(REFUSED_EVIDENCE).waitFor();
        await dialog.locator('details', { hasText: 'Uncertainties (1)' }).locator('summary').click();
        await dialog.getByText('Whether Sam is who he says he is.').waitFor();
      },
    );

    it(
      'accepts, amends and rejects the changes waiting for review',
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        const review = section(JANE, 'Waiting for your review');
        const state = section(JANE, 'How things stand');
        const change = (aspect) => review.getByRole('listitem', { name: `Change of ${aspect}` });

        await change(`${USER}: Relationship`).getByRole('button', { name: 'Accept' }).click();
        await change(`${USER}: Relationship`).waitFor({ state: 'detached' });
        await state.getByText('a stranger she is wary of', { exact: true }).waitFor();
        // The settled change left the list; the focus went back to the queue's heading.
        await page().waitForFunction(() => document.activeElement?.textContent === 'Waiting for your review');

        // Escape leaves the inline editor, not the dialog.
        await change(`${USER}: Knows`).getByRole('button', { name: 'Amend' }).click();
        await page().keyboard.press('Escape');
        await change(`${USER}: Knows`).getByRole('button', { name: 'Amend' }).waitFor();
        assert.ok(await panel(JANE).isVisible());
        await change(`${USER}: Knows`).getByRole('button', { name: 'Amend' }).click();
        const amended = change(`${USER}: Knows`).getByRole('textbox', {
          name: `Amended value of ${USER}: Knows`,
        });
        assert.equal(await amended.inputValue(), 'is looking for the old mill');
        await amended.fill('is looking for his sister');
        await change(`${USER}: Knows`).getByRole('button', { name: 'Accept amended' }).click();
        await change(`${USER}: Knows`).waitFor({ state: 'detached' });
        await state.getByText('is looking for his sister').waitFor();
        assert.equal(await state.getByText('is looking for the old mill').count(), 0);

        await change(`${JANE}: Wants`).getByRole('button', { name: 'Reject' }).click();
        await review.getByText('Nothing to review').waitFor();
        assert.equal(await state.getByText('to send the traveller away').count(), 0);
      },
    );

    it('adds and forgets memories and corrects her state', { timeout: TEST_TIMEOUT_MS }, async () => {
      const dialog = panel(JANE);
      const memories = section(JANE, 'Memories');
      const state = section(JANE, 'How things stand');

      await memories.getByLabel(`A memory for ${JANE}`).fill(ADDED_MEMORY);
      await memories.getByLabel('Importance').selectOption('9');
      await memories.getByRole('button', { name: 'Add memory' }).click();
      const added = memories.getByRole('listitem').filter({ hasText: ADDED_MEMORY });
      await added.getByText('importance 9/10').waitFor();
      await added.getByText('added by you').waitFor();
      assert.equal(await memories.getByLabel(`A memory for ${JANE}`).inputValue(), '');

      await memories
        .getByRole('listitem')
        .filter({ hasText: FIRST_MEMORY })
        .getByRole('button', { name: 'Forget' })
        .click();
      await memories.getByText(FIRST_MEMORY).waitFor({ state: 'detached' });

      await state.getByRole('button', { name: `Correct ${JANE}: Whereabouts` }).click();
      const where = state.getByRole('textbox', { name: `${JANE}: Whereabouts` });
      await where.fill('in the cellar');
      await where.press('Enter');
      await state.getByText('in the cellar', { exact: true }).waitFor();
      assert.equal(await state.getByText('by the lamp post', { exact: true }).count(), 0);

      await state.getByRole('button', { name: `Clear ${JANE}: Appearance` }).click();
      await state.getByText('a soot-stained coat', { exact: true }).waitFor({ state: 'detached' });

      // Read again from the worker: everything stays as the person left it.
      await closePanel(JANE);
      await openPanel(JANE);
      await section(JANE, 'Memories').getByText(ADDED_MEMORY).waitFor();
      assert.equal(await section(JANE, 'Memories').getByText(FIRST_MEMORY).count(), 0);
      await section(JANE, 'How things stand').getByText('in the cellar', { exact: true }).waitFor();
      assert.equal(await dialog.getByText('a soot-stained coat', { exact: true }).count(), 0);
      await page().screenshot({ path: `${SCREENSHOTS}memory-1280.png` });
      await closePanel(JANE);
    });

    it('Jane’s next request carries what the person decided', { timeout: TEST_TIMEOUT_MS }, async () => {
      const before = stub.requests.length;
      round++;
      await page().getByRole('button', { name: 'Act', exact: true }).click();
      await log().getByText(samSees(round)).waitFor();
      await idle();
      const actor = stub.requests.slice(before).find((r) => r.kind.op === 'actor');
      const prompt = JSON.stringify(actor.body.messages);
      assert.ok(prompt.includes(ADDED_MEMORY), 'the added memory is not in her request');
      assert.ok(
        prompt.includes(`${JANE}, whereabouts: in the cellar`),
        'the corrected whereabouts are not in her request',
      );
      assert.ok(prompt.includes('is looking for his sister'), 'the amended change is not in her request');
      // Her transcript quotes the words the change rested on; her state must not tell it as what she wants.
      assert.ok(
        !prompt.includes(`${JANE}, wants: to send the traveller away`),
        'a rejected change reached her request',
      );
      assert.ok(!prompt.includes(FIRST_MEMORY), 'a forgotten memory reached her request');
    });

    it('shows the user’s own memories too, from their own view', { timeout: TEST_TIMEOUT_MS }, async () => {
      await openPanel(USER);
      await panel(USER)
        .getByRole('heading', { name: `What ${USER} remembers` })
        .waitFor();
      // The user's projections move their window too: their own chronicler ran, over their own view.
      await section(USER, 'Memories').getByText(`You kept watch over the road (${USER}, 1).`).waitFor();
      await panel(USER)
        .getByText(/Remembers [1-9]\d* turns? that left its window\./)
        .waitFor();
      // Its request reads the user's own transcript (which turns depends on where its window stood):
      // their own words as they wrote them, never Jane's source.
      const request = stub.requests.find((r) => r.kind.op === 'chronicler' && r.kind.who === USER);
      const content = request.body.messages[0].content;
      assert.match(content, anyRound(userTurn));
      assert.doesNotMatch(content, anyRound(janeSource), 'Jane’s source reached the user’s chronicler');
      await closePanel(USER);
    });

    it(
      'itemises what Jane’s turn was given and shows the full request',
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        const last = log().locator('li[data-turn-id]').last();
        await last.getByRole('button', { name: `Inspect turn by ${JANE}` }).click();
        const inspector = page().getByRole('dialog', { name: 'Turn inspector' });
        await inspector.waitFor();
        const given = inspector.locator('details.given', { hasText: `What ${JANE} was given` });
        await given.locator('summary').click();
        const table = given.getByRole('table', { name: 'Tokens per part of the request' });
        for (const part of ['Instructions', 'Character card', 'History', 'Memories', 'Task'])
          assert.match(
            (await table.getByRole('row', { name: new RegExp(`^${part} \\d`) }).innerText()).replace(
              /\s+/g,
              ' ',
            ),
            new RegExp(`^${part} [\\d,]+ \\d+%`),
          );
        const answerRoom = 350;
        await given.getByText(`${answerRoom} tokens (max_tokens)`).waitFor();
        await given
          .getByText(`of ${(CONTEXT_TOKENS - answerRoom).toLocaleString('en')} for the prompt`)
          .waitFor();
        await given.getByText(`${CONTEXT_TOKENS.toLocaleString('en')} tokens, set in Settings`).waitFor();
        await given.getByText(/^Estimated:/).waitFor();
        // Her window held the end of her history; the turns before it are in her memories.
        await given
          .getByText(/^Turns (\d+)–(\d+) of \2; the \d+ before them are in its memories\.$/)
          .waitFor();

        await given.getByRole('button', { name: 'Show full request' }).click();
        await given.getByText('Rebuilt from the story as it is now').waitFor();
        const messages = given.locator('.request-messages > li');
        assert.ok((await messages.count()) >= 2);
        const text = await given.locator('.request-messages').innerText();
        assert.ok(text.includes(JANE_CARD), 'the full request lacks her card');
        assert.ok(text.includes(janeHears(round - 1)), 'the full request lacks her history');

        // A projection's own itemisation, on the user's view of the turn.
        const view = inspector.locator('details.given', { hasText: `What ${USER}'s projection was given` });
        await view.locator('summary').click();
        await view
          .getByRole('table', { name: 'Tokens per part of the request' })
          .getByRole('row', { name: /^History/ })
          .waitFor();
        await view.getByRole('button', { name: 'Show full request' }).click();
        assert.ok((await view.locator('.request-messages').innerText()).includes(janeSource(round)));
        await given.locator('summary').scrollIntoViewIfNeeded();
        await page().screenshot({ path: `${SCREENSHOTS}given-1280.png` });
        await inspector.getByRole('button', { name: 'Close' }).click();
        await inspector.waitFor({ state: 'hidden' });
      },
    );

    it('fits a 390px phone, the panel and the itemisation', { timeout: TEST_TIMEOUT_MS }, async () => {
      await page().setViewportSize(PHONE);
      await openPanel(JANE);
      await section(JANE, 'How things stand').getByText('in the cellar', { exact: true }).waitFor();
      const panelWidth = await panel(JANE).evaluate((el) => el.scrollWidth);
      assert.ok(panelWidth <= PHONE.width, `the memory panel is ${panelWidth}px wide`);
      await page().screenshot({ path: `${SCREENSHOTS}memory-390.png` });
      await closePanel(JANE);

      await log()
        .locator('li[data-turn-id]')
        .last()
        .getByRole('button', { name: `Inspect turn by ${JANE}` })
        .click();
      const inspector = page().getByRole('dialog', { name: 'Turn inspector' });
      const given = inspector.locator('details.given', { hasText: `What ${JANE} was given` });
      await given.locator('summary').click();
      await given.getByRole('button', { name: 'Show full request' }).click();
      await given.locator('.request-messages').waitFor();
      await given.locator('summary').scrollIntoViewIfNeeded();
      const inspectorWidth = await inspector.evaluate((el) => el.scrollWidth);
      assert.ok(inspectorWidth <= PHONE.width, `the inspector is ${inspectorWidth}px wide`);
      await page().screenshot({ path: `${SCREENSHOTS}given-390.png` });
      await inspector.getByRole('button', { name: 'Close' }).click();
      await inspector.waitFor({ state: 'hidden' });
    });

    it('logged no page or console errors', () => {
      assert.deepEqual(browser.errors, []);
    });
  },
);

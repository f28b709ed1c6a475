// Presets as library things in real Chromium (issue 33): a new preset from the shipped prose, retitled
// and redescribed (PL5, PL3); chosen in the new story form (PL4); deleted after a question naming the
// story that uses it, undone, deleted again and restored from the deleted presets (PL1); and, once its
// assistant gave it a rules prompt, used in a story only after its warning is approved (PL2); a world's
// prose prompt, written by its assistant, saved as a preset (PL5).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { STEP_TIMEOUT_MS, appUrl, axeClean, connectModelServer, openBrowser } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const RULES_PROMPT = ['en/roleplay/actor-task', 'Your move, ${name}. Keep it short.'];
const WORLD_STYLE = ['en/roleplay/style', 'Write like harbour fog in ${language}.'];

describe('presets in the library', { timeout: 10 * STEP_TIMEOUT_MS }, () => {
  let browser, stub;
  /** The Prompts screen of the story the first test starts. */
  let storyPrompts;
  /** What the stub's assistant proposes to write next (a preset's or a world's prompt). */
  let nextWrite = RULES_PROMPT;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (_kind, body) =>
        body.messages.at(-1)?.role === 'tool'
          ? 'I proposed the prompt: check it and press Apply.'
          : {
              text: 'Writing the prompt. ',
              toolCalls: [
                {
                  id: 'call-0',
                  name: 'write_prompt',
                  arguments: JSON.stringify({ path: nextWrite[0], text: nextWrite[1] }),
                },
              ],
            },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    '[PL5][PL3][PL4][PL1] made from the shipped prose, retitled, chosen at the start, deleted with Undo and restored',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      await page.goto(appUrl());
      await page.getByRole('banner').getByRole('link', { name: 'Prompts' }).click();
      await page.getByLabel('New preset’s title').fill('House style');
      await page.getByRole('button', { name: 'New preset from the shipped prose' }).click();
      const presets = page.getByRole('list', { name: 'Presets in the library' });
      const house = presets.getByRole('listitem').filter({ hasText: 'House style' });
      await house.waitFor();
      assert.equal(await house.locator('.error').count(), 0, 'prose only: no warning, no problem');

      await house.getByRole('button', { name: 'Edit the title and description of House style' }).click();
      const form = page.getByRole('form', { name: 'Title and description of House style' });
      await form.getByLabel('Preset title').fill('Harbour style');
      await form.getByLabel('Preset description').fill('Salt and fog.');
      await form.getByRole('button', { name: 'Save' }).click();
      const harbour = presets.getByRole('listitem').filter({ hasText: 'Harbour style' });
      await harbour.getByText('Salt and fog.').waitFor();

      await page.goto(appUrl());
      await page.getByRole('button', { name: 'New story' }).click();
      const newStory = page.getByRole('region', { name: 'New story' });
      await newStory.getByLabel('Title').fill('Night market');
      await newStory.getByLabel('Your name').fill('Sam');
      await newStory.getByLabel('Character 1 Name').fill('Ilse');
      await newStory.getByLabel('Preset of this story').selectOption({ label: 'Harbour style' });
      await newStory.getByRole('button', { name: 'Create story' }).click();
      await page.getByRole('heading', { name: 'Night market' }).waitFor();
      storyPrompts = page.url().replace('#/stories/', '#/prompts/');
      await page.goto(storyPrompts);
      await page.getByText('This story uses “Harbour style”.').waitFor();

      await harbour.getByRole('button', { name: 'Delete Harbour style' }).click();
      const question = page.getByRole('group', { name: 'Delete Harbour style' });
      await question.getByText('Delete the preset “Harbour style”?').waitFor();
      await question.getByRole('listitem').filter({ hasText: 'Night market' }).waitFor();
      await axeClean(page);
      await question.getByRole('button', { name: 'Delete', exact: true }).click();
      await harbour.waitFor({ state: 'detached' });
      const undo = page.getByRole('status').filter({ hasText: 'Deleted “Harbour style”.' });
      await undo.getByRole('button', { name: 'Undo' }).click();
      await harbour.waitFor();

      await harbour.getByRole('button', { name: 'Delete Harbour style' }).click();
      await question.getByRole('button', { name: 'Delete', exact: true }).click();
      await harbour.waitFor({ state: 'detached' });
      await page.getByText('Deleted presets (1)').click();
      await page.getByRole('button', { name: 'Restore Harbour style' }).click();
      await harbour.getByText('Salt and fog.').waitFor();
      assert.equal(await page.getByText('Deleted presets (1)').count(), 0);
      assert.deepEqual(errors, []);
    },
  );

  it('[PL2] a preset carrying a rules prompt is used only after its warning is approved', async () => {
    const { page, errors } = browser;
    await page.goto(appUrl());
    await connectModelServer(page, stub.baseURL, STUB_MODEL);
    await page.goto(storyPrompts);
    const harbour = page
      .getByRole('list', { name: 'Presets in the library' })
      .getByRole('listitem')
      .filter({ hasText: 'Harbour style' });
    await harbour.getByRole('button', { name: 'Assistant for Harbour style' }).click();
    const panel = page.getByRole('region', { name: 'Assistant' });
    await panel.getByLabel('Message to the assistant').fill('Make the actor task shorter.');
    await panel.getByRole('button', { name: 'Send' }).click();
    const proposal = panel.getByRole('article', { name: `New prompt “${RULES_PROMPT[0]}”` });
    await proposal.getByRole('button', { name: 'Apply' }).click();
    await proposal.getByText('Applied.').waitFor();
    await harbour.getByText('This preset replaces rules prompts (roleplay/actor-task)').waitFor();

    await harbour.getByRole('button', { name: 'Use in this story' }).click();
    const approval = page.getByRole('alertdialog', { name: 'This preset replaces rules prompts' });
    await approval.getByText('roleplay/actor-task').waitFor();
    await axeClean(page);
    // Nothing is applied before the approval: the actor task is still the shipped one.
    const list = page.getByRole('list', { name: 'Prompts' });
    await list.getByRole('button', { name: 'roleplay/actor-task' }).click();
    const editor = page.getByLabel('prompts/en/roleplay/actor-task.md');
    assert.match(await editor.inputValue(), /It is your turn, \$\{name\}/);

    await approval.getByRole('button', { name: 'I understand: apply it anyway' }).click();
    await page.getByRole('status').filter({ hasText: 'Applied “Harbour style”.' }).waitFor();
    await page.waitForFunction(
      (text) => document.querySelector('textarea')?.value === text,
      RULES_PROMPT[1],
      { timeout: STEP_TIMEOUT_MS },
    );
    assert.deepEqual(errors, []);
  });

  it("[PL5] a world's prose prompts saved as a preset (the model server of the test before)", async () => {
    const { page, errors } = browser;
    nextWrite = WORLD_STYLE;
    await page.goto(appUrl());
    await page.getByRole('banner').getByRole('link', { name: 'Worlds' }).click();
    await page.getByRole('button', { name: 'New world' }).click();
    await page.getByLabel('Name of the world').fill('Gaslight');
    await page.getByRole('button', { name: 'Save world' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Assistant' });
    await panel.getByLabel('Message to the assistant').fill('Give it a foggy style.');
    await panel.getByRole('button', { name: 'Send' }).click();
    const proposal = panel.getByRole('article', { name: `New prompt “${WORLD_STYLE[0]}”` });
    await proposal.getByRole('button', { name: 'Apply' }).click();
    await proposal.getByText('Applied.').waitFor();

    await page.getByRole('button', { name: 'Save this world’s prose prompts as a preset' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as the preset “Gaslight”.' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Prompts' }).click();
    const gaslight = page
      .getByRole('list', { name: 'Presets in the library' })
      .getByRole('listitem')
      .filter({ hasText: 'Gaslight' });
    await gaslight.waitFor();
    assert.equal(await gaslight.locator('.error').count(), 0, 'prose only: no warning, no problem');
    assert.deepEqual(errors, []);
  });
});

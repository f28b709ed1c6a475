// The session doctor through the worker's DriverApi over comlink, against a real server speaking tool
// calls that also writes the story's perceptions: a story with stale views (its first turn edited),
// a perception that failed to be written (Cat's, needed before she answers the person, and in the
// background) and the generation that failed with it; the doctor lists them,
// proposes fixes that change nothing until Apply, Reject leaves the story as it is, and a fix made
// meanwhile by the person is refused at Apply with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer, type ToolReply } from '../support/openai-tool-server.ts';
import type { ChatBody, OpenAIServer } from '../support/openai-server.ts';
import { backgroundSettled, startHost, type HostHarness } from '../support/host-harness.ts';
import { bodyKind, isFor } from '../support/body-kinds.ts';
import type { AssistantChatView } from '../../src/workers/api.ts';

let server: OpenAIServer;
let host: HostHarness;
let storyId = '';
let first = '';
let second = '';
const ids = { bob: '', cat: '' };
/** Cat's perceptions come back blank (refused) while this is set: a generation that fails. */
let catFails = false;
const subject = () => ({ kind: 'doctor', id: storyId }) as const;

const call = (name: string, args: object = {}) => ({
  id: `c-${name}-${Math.round(Math.random() * 1e9)}`,
  name,
  arguments: JSON.stringify(args),
});

/** The doctor's script: what it does at each step after the person's last message. */
function doctor(body: ChatBody): ToolReply {
  const messages = body.messages;
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const asked = messages[lastUser]?.content ?? '';
  const step = messages.slice(lastUser).filter((m) => m.role === 'assistant').length;
  if (asked === 'Check the story.') {
    if (step === 0)
      return { calls: [call('read_story_health'), call('list_stale_items'), call('list_missing_views')] };
    if (step === 1)
      return {
        calls: [
          call('write_missing_views'),
          call('keep_stale_item', { turnId: first, audience: ids.bob }),
          call('keep_stale_item', { turnId: first, audience: ids.cat }),
        ],
      };
  }
  if (asked === 'Keep what Cat perceived.' && step === 0)
    return { calls: [call('keep_stale_item', { turnId: first, audience: ids.cat })] };
  if (asked === 'Write the missing views.' && step === 0) return { calls: [call('write_missing_views')] };
  if (asked === 'Retry it.' && step === 0) return { calls: [call('retry_failed_generation')] };
  if (asked === 'Rewrite the stale history.' && step === 0) return { calls: [call('rewrite_stale_history')] };
  return { text: 'I proposed the fixes: check them.' };
}

function perception(body: ChatBody): ToolReply {
  // A hint always comes back blank (refused): a failure that writes nothing into the story.
  if (bodyKind(body) === 'hint') return { text: '' };
  if (catFails && isFor(body, 'project', 'Cat')) return { text: '' };
  return { text: 'You hear the harbour bell ring twice.' };
}

/**
 * The person's turn, answered by Cat while her views come back blank: the turn is stored, her view of
 * it cannot be written, so she cannot act (the generation fails); the background then writes Bob's
 * view and stops on Cat's. Her views work again after.
 */
async function failingForCat(story: string, text: string): Promise<string> {
  const opened = await host.api.openStory(story);
  const cat = opened.ok ? opened.story.participants.find((p) => p.name === 'Cat')?.id : undefined;
  if (!cat) throw new Error('no Cat in this story');
  catFails = true;
  try {
    const sent = await host.api.send(story, { text, next: { actor: cat } });
    if (sent.ok || !sent.turnId) throw new Error('the turn was meant to be stored, and Cat’s view to fail');
    const stopped = await backgroundSettled(host, story);
    if (stopped.pending !== 1 || !stopped.failure)
      throw new Error(`the background was meant to stop on Cat’s view: ${JSON.stringify(stopped)}`);
    return sent.turnId;
  } finally {
    catFails = false;
  }
}

beforeAll(async () => {
  server = await startToolServer((body) => (body.tools ? doctor(body) : perception(body)));
  host = await startHost(server);
  const created = await host.api.createStory({
    title: 'Harbour',
    language: 'en',
    user: { name: 'Ann' },
    characters: [{ name: 'Bob' }, { name: 'Cat' }],
  });
  if (!created.ok) throw new Error(created.detail);
  storyId = created.storyId;
  const opened = await host.api.openStory(storyId);
  if (!opened.ok) throw new Error(opened.detail);
  for (const p of opened.story.participants)
    if (p.name === 'Bob' || p.name === 'Cat') ids[p.name === 'Bob' ? 'bob' : 'cat'] = p.id;
  const one = await host.api.send(storyId, { text: 'The bell rings over the harbour.', next: null });
  if (!one.ok) throw new Error(one.detail);
  first = one.turnId;
  // Bob's and Cat's views of it are written by the background.
  if ((await backgroundSettled(host, storyId)).pending !== 0) throw new Error('views of turn 1 missing');
  second = await failingForCat(storyId, 'A ship comes in.');
  const edited = await host.api.editSource(storyId, first, [{ retain: 4 }, { insert: 'old ' }]);
  if (!edited.ok) throw new Error(edited.detail);
}, 30_000);
afterAll(async () => {
  await host.close();
  await server.close();
});

/** Each audience's badge of a turn, by name. */
async function badges(turnId: string): Promise<Record<string, string>> {
  const r = await host.api.inspectTurn(storyId, turnId);
  if (!r.ok) throw new Error(r.detail);
  return Object.fromEntries(r.turn.variants.map((v) => [v.name, v.badge]));
}
const slice = async () => {
  const r = await host.api.transcript(storyId);
  if (!r.ok) throw new Error(r.detail);
  return r;
};
const viewOf = (r: { ok: true; view: AssistantChatView } | { ok: false; detail: string }) => {
  if (!r.ok) throw new Error(r.detail);
  return r.view;
};
const toolResults = (view: AssistantChatView) =>
  view.chat.messages.filter((m) => m.role === 'tool').map((m) => m.text);

describe('the session doctor through the worker', () => {
  it('[DR2] opens with its welcome for the story', async () => {
    const view = viewOf(await host.api.openAssistant(subject()));
    expect(view.welcome).toContain('“Harbour”');
    expect(view.chat).toMatchObject({ subject: `doctor:${storyId}`, messages: [] });
  });

  it('[DR2] lists the stale views, the missing one and the failed generation; proposes, and nothing changes', async () => {
    expect(second).not.toBe('');
    expect(await badges(first)).toEqual({ Bob: 'stale', Cat: 'stale' });
    // Bob's view of the second turn rests on his stale view of the first.
    expect(await badges(second)).toEqual({ Bob: 'stale', Cat: 'missing' });
    const view = viewOf(await host.api.sendAssistant(subject(), 'Check the story.'));
    const [health, stale, missing, refused] = toolResults(view);
    expect(JSON.parse(health!)).toMatchObject({
      title: 'Harbour',
      turns: 2,
      staleItems: 3,
      missingViews: 1,
      failedGeneration: true,
    });
    expect(JSON.parse(stale!).items).toEqual([
      { turnId: first, turn: 1, author: 'Ann', audience: 'Bob', byHand: false },
      { turnId: first, turn: 1, author: 'Ann', audience: 'Cat', byHand: false },
      { turnId: second, turn: 2, author: 'Ann', audience: 'Bob', byHand: false },
    ]);
    expect(JSON.parse(missing!).missing).toEqual([{ participant: ids.cat, name: 'Cat', turns: [2] }]);
    // Refused when proposed: the missing views wait for the stale history; the model is told why.
    expect(refused).toMatch(/^Error: The history is stale.*Nothing was written\.$/);
    expect(view.chat.proposals.map((p) => [p.tool, p.label, p.status])).toEqual([
      ['keep_stale_item', 'What Bob perceived of turn 1', 'pending'],
      ['keep_stale_item', 'What Cat perceived of turn 1', 'pending'],
    ]);
    expect(await badges(first)).toEqual({ Bob: 'stale', Cat: 'stale' });
    expect((await slice()).stale?.turns).toEqual([first, second]);
  });

  it('[DR3] Apply keeps the one item (and what rested on it); Reject leaves the other stale', async () => {
    const chat = viewOf(await host.api.openAssistant(subject())).chat;
    const [bob, cat] = chat.proposals;
    viewOf(await host.api.decideProposal(subject(), bob!.id, 'apply'));
    const rejected = viewOf(await host.api.decideProposal(subject(), cat!.id, 'reject'));
    expect(rejected.chat.proposals.map((p) => p.status)).toEqual(['applied', 'rejected']);
    expect(await badges(first)).toEqual({ Bob: 'fresh', Cat: 'stale' });
    expect(await badges(second)).toEqual({ Bob: 'fresh', Cat: 'missing' });
  });

  it('[DR3] a fix the person made meanwhile is refused at Apply with the reason, and stays pending', async () => {
    const view = viewOf(await host.api.sendAssistant(subject(), 'Keep what Cat perceived.'));
    const proposal = view.chat.proposals.at(-1)!;
    expect(proposal).toMatchObject({ tool: 'keep_stale_item', status: 'pending' });
    expect((await host.api.keepAsIs(storyId, first, ids.cat)).ok).toBe(true);
    const refused = await host.api.decideProposal(subject(), proposal.id, 'apply');
    expect(refused).toMatchObject({ ok: false, code: 'invalid' });
    expect(!refused.ok && refused.detail).toContain(
      'What Cat perceived of turn 1 is not stale now: it was kept or rewritten meanwhile.',
    );
    const after = viewOf(await host.api.openAssistant(subject())).chat.proposals.at(-1);
    expect(after).toMatchObject({ status: 'pending', problem: expect.stringContaining('not stale now') });
    expect((await slice()).stale).toBeNull();
  });

  it('[DR3] the missing view is written by the model only on Apply, and the failure is gone', async () => {
    const view = viewOf(await host.api.sendAssistant(subject(), 'Write the missing views.'));
    const proposal = view.chat.proposals.at(-1)!;
    expect(proposal).toMatchObject({ tool: 'write_missing_views', status: 'pending' });
    expect(proposal.before).toBe('Cat: turns 2');
    expect(await badges(second)).toEqual({ Bob: 'fresh', Cat: 'missing' });
    expect((await slice()).missing).toBe(1);
    const applied = viewOf(await host.api.decideProposal(subject(), proposal.id, 'apply'));
    expect(applied.chat.proposals.at(-1)?.status).toBe('applied');
    expect(await badges(second)).toEqual({ Bob: 'fresh', Cat: 'fresh' });
    expect((await slice()).missing).toBe(0);
    const health = await host.api.sendAssistant(subject(), 'Check the story.');
    const latest = toolResults(viewOf(health)).findLast((t) => t.startsWith('{"title"'));
    expect(JSON.parse(latest!)).toMatchObject({
      staleItems: 0,
      missingViews: 0,
      failedGeneration: false,
    });
  });
});

describe('the session doctor: a failed generation retried, and automatic mode', () => {
  let story = '';
  let turn = '';
  const lighthouse = () => ({ kind: 'doctor', id: story }) as const;
  beforeAll(async () => {
    const created = await host.api.createStory({
      title: 'Lighthouse',
      language: 'en',
      user: { name: 'Ann' },
      characters: [{ name: 'Bob' }, { name: 'Cat' }],
    });
    if (!created.ok) throw new Error(created.detail);
    story = created.storyId;
    turn = await failingForCat(story, 'The lamp goes out.');
  });
  const badgesOf = async (turnId: string) => {
    const r = await host.api.inspectTurn(story, turnId);
    if (!r.ok) throw new Error(r.detail);
    return Object.fromEntries(r.turn.variants.map((v) => [v.name, v.badge]));
  };

  it('[DR3] retrying a failed send writes the views its stored turn lacks, on Apply, and sends nothing twice', async () => {
    const view = viewOf(await host.api.sendAssistant(lighthouse(), 'Retry it.'));
    const proposal = view.chat.proposals.at(-1)!;
    expect(proposal).toMatchObject({ tool: 'retry_failed_generation', status: 'pending' });
    expect(proposal.after).toBe(
      'Writes the perceptions the stored turn still lacks (the turn is not sent again).',
    );
    expect(await badgesOf(turn)).toEqual({ Bob: 'fresh', Cat: 'missing' });
    viewOf(await host.api.decideProposal(lighthouse(), proposal.id, 'apply'));
    expect(await badgesOf(turn)).toEqual({ Bob: 'fresh', Cat: 'fresh' });
    const slice = await host.api.transcript(story);
    expect(slice.ok && slice.length).toBe(1);
    const again = viewOf(await host.api.sendAssistant(lighthouse(), 'Retry it.'));
    expect(toolResults(again).at(-1)).toMatch(/^Error: No generation of this story has failed/);
  });

  it('[DR2] a hint that failed is not kept as a failed generation: it wrote nothing to retry', async () => {
    expect((await host.api.plotHint(story)).ok).toBe(false);
    const view = viewOf(await host.api.sendAssistant(lighthouse(), 'Retry it.'));
    expect(toolResults(view).at(-1)).toMatch(/^Error: No generation of this story has failed/);
  });

  it('[DR2] in automatic mode the stale history is rewritten as proposed, before the doctor answers', async () => {
    expect((await host.api.editSource(story, turn, [{ retain: 4 }, { insert: 'old ' }])).ok).toBe(true);
    expect(await badgesOf(turn)).toEqual({ Bob: 'stale', Cat: 'stale' });
    viewOf(await host.api.setAssistantAutomatic(lighthouse(), true));
    const view = viewOf(await host.api.sendAssistant(lighthouse(), 'Rewrite the stale history.'));
    expect(view.chat.proposals.at(-1)).toMatchObject({ tool: 'rewrite_stale_history', status: 'applied' });
    expect(await badgesOf(turn)).toEqual({ Bob: 'fresh', Cat: 'fresh' });
  });
});

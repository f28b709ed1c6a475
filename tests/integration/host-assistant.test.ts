// The lorebook assistant through the worker's DriverApi over comlink, against a real server speaking
// tool calls: the chat opens with its welcome, the reply streams to the page's callback, a proposed
// entry is in the library only after Apply, automatic mode and the trash work across the boundary.
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';

const subject = { kind: 'lorebook', id: 'eldoria' } as const;
let server: OpenAIServer;
let host: HostHarness;

beforeAll(async () => {
  server = await startToolServer((body) => {
    const last = body.messages.at(-1);
    if (last?.role === 'tool') return { text: 'Proposed: please check it.' };
    const wanted = last?.content ?? '';
    if (wanted.includes('Slowly')) return { text: 'Here.', delayMs: 300 };
    if (wanted.includes('Remove'))
      return { calls: [{ id: 'c-del', name: 'delete_entry', arguments: JSON.stringify({ id: 'velmar' }) }] };
    return {
      text: 'Adding dragons. ',
      calls: [
        {
          id: 'c-new',
          name: 'create_entry',
          arguments: JSON.stringify({
            title: 'Dragons',
            keys: ['dragon'],
            content: 'Dragons nest on the cliffs.',
          }),
        },
      ],
    };
  });
  host = await startHost(server);
  const saved = await host.api.saveLorebook({
    id: 'eldoria',
    name: 'Eldoria',
    entries: [{ id: 'velmar', title: 'Velmar', keys: ['Velmar'], content: 'Velmar is a port city.' }],
  });
  if (!saved.ok) throw new Error(saved.detail);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

const titles = async () => (await host.api.listLorebooks())[0]?.entries.map((e) => e.title);

describe('the lorebook assistant through the worker', () => {
  it('[AS1] opens with the welcome prompt and an empty chat', async () => {
    const opened = await host.api.openAssistant(subject);
    if (!opened.ok) throw new Error(opened.detail);
    expect(opened.view.welcome).toContain('“Eldoria”');
    expect(opened.view.chat).toMatchObject({ subject: 'lorebook:eldoria', automatic: false, messages: [] });
  });

  it('[AS2] streams the reply to the callback; the entry is written only on Apply', async () => {
    const tokens: string[] = [];
    const sent = await host.api.sendAssistant(
      subject,
      'Add dragons.',
      Comlink.proxy((d: string) => void tokens.push(d)),
    );
    if (!sent.ok) throw new Error(sent.detail);
    expect(tokens.join('')).toBe('Adding dragons. Proposed: please check it.');
    expect(await titles()).toEqual(['Velmar']);
    const proposal = sent.view.chat.proposals[0]!;
    expect(proposal.status).toBe('pending');
    const applied = await host.api.decideProposal(subject, proposal.id, 'apply');
    if (!applied.ok) throw new Error(applied.detail);
    expect(await titles()).toEqual(['Velmar', 'Dragons']);
    const again = await host.api.decideProposal(subject, proposal.id, 'apply');
    expect(again).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('[AS4] in automatic mode a delete is applied at once, to the trash, and restored', async () => {
    const auto = await host.api.setAssistantAutomatic(subject, true);
    expect(auto.ok && auto.view.chat.automatic).toBe(true);
    const sent = await host.api.sendAssistant(subject, 'Remove Velmar.');
    if (!sent.ok) throw new Error(sent.detail);
    expect(await titles()).toEqual(['Dragons']);
    const [trashed] = sent.view.trash;
    expect(trashed).toMatchObject({ entry: { title: 'Velmar' } });
    const restored = await host.api.restoreFromTrash(subject, trashed!.id);
    if (!restored.ok) throw new Error(restored.detail);
    expect(restored.view.trash).toEqual([]);
    expect(await titles()).toEqual(['Dragons', 'Velmar']);
  });

  it('refuses a second message while the chat is still answering the first', async () => {
    const first = host.api.sendAssistant(subject, 'Slowly, please.');
    const second = await host.api.sendAssistant(subject, 'And this?');
    expect(second).toMatchObject({ ok: false, code: 'busy' });
    expect((await first).ok).toBe(true);
  });

  it('[AS1] its prompts are overridable in the library like every prompt', async () => {
    const set = await host.api.setPrompt(
      { kind: 'library' },
      'en/lorebook/welcome',
      'EDITED welcome for ${book}.',
    );
    if (!set.ok) throw new Error(set.detail);
    const opened = await host.api.openAssistant(subject);
    expect(opened.ok && opened.view.welcome).toBe('EDITED welcome for Eldoria.');
    await host.api.setPrompt({ kind: 'library' }, 'en/lorebook/persona', 'EDITED persona.');
    await host.api.sendAssistant(subject, 'Hello?');
    expect(server.requests.at(-1)?.body.messages[0]?.content).toMatch(
      /^EDITED persona\.\n\nThe lorebook: Eldoria/,
    );
    await host.api.restorePrompt({ kind: 'library' }, 'en/lorebook/welcome');
    await host.api.restorePrompt({ kind: 'library' }, 'en/lorebook/persona');
  });

  it('answers not-found for a book the library does not have', async () => {
    expect(await host.api.openAssistant({ kind: 'lorebook', id: 'gone' })).toMatchObject({
      ok: false,
      code: 'not-found',
    });
  });
});

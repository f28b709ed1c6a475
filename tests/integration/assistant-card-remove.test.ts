// The card reader takes back a piece it applied: remove_piece against a real server speaking tool
// calls is a proposal; Apply takes the piece (and its relationships) out of the world into the
// chat's trash, Restore puts it back; a piece this chat did not apply is refused to the model.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { startToolServer } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { putCharacter } from '../../src/driver/doc/library-doc.ts';
import { putWorld, readWorld } from '../../src/driver/doc/library-worlds.ts';
import { listTrash } from '../../src/driver/doc/library-trash.ts';
import { cardAssistant } from '../../src/driver/assistant/card/card-assistant.ts';
import { runAssistantTurn } from '../../src/driver/assistant/loop.ts';
import { decideProposal, restoreTrashed } from '../../src/driver/assistant/decisions.ts';

const prompts = shippedPrompts();
let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
});

const SALTREACH = { kind: 'place', name: 'Saltreach', body: 'A fishing village on a cliff.' };

describe('the card reader takes back a piece it applied', () => {
  it('[AK2] remove_piece is a proposal; Apply trashes the piece, Restore brings it back; others are refused', async () => {
    /** What the model calls on each turn, by the person's message. */
    const wanted: Record<string, object> = {};
    server = await startToolServer((body) => {
      const last = body.messages.at(-1);
      if (last?.role === 'tool') return { text: 'Done.' };
      const [tool, args] = Object.entries(wanted).find(([k]) => last?.content.includes(k))?.[1] as [
        string,
        object,
      ];
      return { calls: [{ id: `c-${randomUUID()}`, name: tool, arguments: JSON.stringify(args) }] };
    });
    const doc = new Y.Doc();
    putCharacter(doc, {
      id: 'twins',
      name: 'The Saltreach Twins',
      card: { description: 'Twins of Saltreach.' },
    });
    putWorld(doc, {
      id: 'w',
      name: 'Coast',
      nodes: [{ id: 'harbour', kind: 'place', name: 'Harbour', body: 'The person wrote this.' }],
    });
    const a = cardAssistant({
      doc,
      characterId: 'twins',
      worldId: 'w',
      prompts,
      language: 'en',
      clock: Date.now,
      newId: randomUUID,
    })!;
    const model = createOpenAIChatModel({ baseURL: server.baseURL, model: 'm', wording: english });
    const turn = async (text: string) => {
      const result = await runAssistantTurn(
        {
          doc,
          subject: a.subject,
          model,
          prompts,
          language: 'en',
          system: a.system,
          tools: a.tools,
          clock: Date.now,
          newId: randomUUID,
        },
        text,
      );
      if (!result.ok) throw new Error(result.detail);
      return result.chat;
    };
    const names = () => readWorld(doc, 'w')?.nodes.map((n) => n.name);

    wanted['Add'] = ['add_piece', SALTREACH];
    const added = await turn('Add Saltreach.');
    expect((await decideProposal(doc, a.subject, a.tools, added.proposals[0]!.id, 'apply')).ok).toBe(true);
    expect(names()).toEqual(['Harbour', 'Saltreach']);
    const id = readWorld(doc, 'w')!.nodes[1]!.id;

    wanted['Take'] = ['remove_piece', { id }];
    const removing = await turn('Take Saltreach back.');
    const proposal = removing.proposals.at(-1)!;
    expect(proposal).toMatchObject({
      action: 'delete',
      label: 'Saltreach',
      heading: 'place',
      status: 'pending',
    });
    expect(names()).toEqual(['Harbour', 'Saltreach']);
    expect((await decideProposal(doc, a.subject, a.tools, proposal.id, 'apply')).ok).toBe(true);
    expect(names()).toEqual(['Harbour']);
    const [trashed] = listTrash(doc, a.subject);
    expect(trashed).toMatchObject({ kind: 'world-node', worldId: 'w', node: { name: 'Saltreach' } });
    expect(restoreTrashed(doc, trashed!.id, randomUUID).ok).toBe(true);
    expect(names()).toEqual(['Harbour', 'Saltreach']);

    wanted['Drop'] = ['remove_piece', { id: 'harbour' }];
    const refused = await turn('Drop the Harbour.');
    expect(refused.proposals).toHaveLength(2);
    expect(server.requests.at(-1)?.body.messages.at(-1)?.content).toMatch(
      /^Error: .*not a piece this chat applied.*Nothing was written\.$/,
    );
    expect(names()).toEqual(['Harbour', 'Saltreach']);
  });
});

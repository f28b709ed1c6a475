// The card-reading assistant through the worker's DriverApi, against a real server speaking tool
// calls: a group card of our own imported as a file, its chat opened with the welcome, a piece
// proposed and written into a new world only on Apply, and a card no longer in the library refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';

let server: OpenAIServer;
let host: HostHarness;
let characterId = '';

const card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'The Saltreach Twins',
    description: 'Ama and Koa are twins who keep the lighthouse of Saltreach.',
    scenario: 'Saltreach is a fishing village on a cliff.',
  },
};

beforeAll(async () => {
  server = await startToolServer((body) =>
    body.messages.at(-1)?.role === 'tool'
      ? { text: 'Proposed Ama: please check it.' }
      : {
          calls: [
            {
              id: 'c-ama',
              name: 'add_piece',
              arguments: JSON.stringify({
                kind: 'character',
                name: 'Ama',
                body: 'Ama keeps the lighthouse.',
              }),
            },
          ],
        },
  );
  host = await startHost(server);
  const imported = await host.api.importFile({
    name: 'twins.json',
    bytes: new TextEncoder().encode(JSON.stringify(card)),
  });
  if (!imported.ok) throw new Error(imported.detail);
  characterId = imported.id;
});
afterAll(async () => {
  await host.close();
  await server.close();
});

describe('the card-reading assistant through the worker', () => {
  it('[AK1] opens with its welcome; a piece goes into the new world only on Apply', async () => {
    const subject = { kind: 'card', id: characterId, worldId: 'w-twins' } as const;
    const opened = await host.api.openAssistant(subject);
    if (!opened.ok) throw new Error(opened.detail);
    expect(opened.view.welcome).toContain('“The Saltreach Twins”');
    const sent = await host.api.sendAssistant(subject, 'Read the card.');
    if (!sent.ok) throw new Error(sent.detail);
    expect(await host.api.listWorlds()).toEqual([]);
    const proposal = sent.view.chat.proposals[0]!;
    expect(proposal).toMatchObject({ status: 'pending', label: 'Ama' });
    const applied = await host.api.decideProposal(subject, proposal.id, 'apply');
    if (!applied.ok) throw new Error(applied.detail);
    const [world] = await host.api.listWorlds();
    expect(world).toMatchObject({ id: 'w-twins', name: 'The Saltreach Twins' });
    expect(world?.nodes.map((n) => [n.kind, n.name])).toEqual([['character', 'Ama']]);
  });

  it('[AK1] a card no longer in the library is refused with a reason', async () => {
    const opened = await host.api.openAssistant({ kind: 'card', id: 'gone', worldId: 'w' });
    expect(opened).toMatchObject({
      ok: false,
      code: 'not-found',
      detail: 'That character is no longer in the library.',
    });
  });
});

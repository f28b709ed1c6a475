// A long SillyTavern group chat imported through the worker as the app does (the chat with its group
// file, who was there from the review): the first Send after it makes only the requests the reply needs,
// and the memories of the long history are made by the background afterwards (GC6, L8, M1).
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../support/openai-server.ts';
import { backgroundSettled, startHost } from '../support/host-harness.ts';
import { bodyKind } from '../support/body-kinds.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const enc = new TextEncoder();
/** Long enough that each one's window drops most of it: its memories are due. */
const MESSAGES = 600;
const SPEAKERS = ['Mara', 'Oskar', 'Sam'];

const chat = [
  JSON.stringify({ chat_metadata: {} }),
  ...Array.from({ length: MESSAGES }, (_, i) => {
    const name = SPEAKERS[i % SPEAKERS.length] as string;
    return JSON.stringify({
      name,
      is_user: name === 'Sam',
      is_system: false,
      send_date: '2024-03-02T19:00:00.000Z',
      mes: `${name} talks about the harbour, the boats and the weather, time ${i}.`,
      extra: {},
      ...(name === 'Sam' ? {} : { original_avatar: `${name}.png` }),
    });
  }),
].join('\n');

const group = {
  name: 'Harbour',
  members: ['Mara.png', 'Oskar.png'],
  disabled_members: [],
  chat_id: 'Harbour - 2024-3-2',
  chats: ['Harbour - 2024-3-2'],
};

describe('a long group chat through the worker', () => {
  it('[GC6][L8] the first Send after the import asks nothing for memories; the background makes them after', async () => {
    const server = await startOpenAIServer({
      answer: (body) => {
        switch (bodyKind(body)) {
          case 'selector':
            return JSON.stringify({ next: 'Mara' });
          case 'chronicle':
            return JSON.stringify({ memories: [], events: [], changes: [], uncertainties: [] });
          case 'project':
            return 'You hear it.';
          default:
            return 'Mara nods.';
        }
      },
    });
    const host = await startHost(server);
    cleanups.push(
      () => server.close(),
      () => host.close(),
    );
    const file = { name: 'Harbour - 2024-3-2.jsonl', bytes: enc.encode(chat) };
    const companions = [{ name: 'Harbour.json', bytes: enc.encode(JSON.stringify(group)) }];
    const reviewed = await host.api.reviewImport(file, { companions });
    if (!reviewed.ok) throw new Error(reviewed.detail);
    expect(reviewed.report.group?.members).toEqual(['Mara', 'Oskar']);
    const whoWasThere = reviewed.report.group?.whoWasThere;
    const imported = await host.api.importFile(file, {
      chat: 'perceived-all',
      companions,
      ...(whoWasThere ? { whoWasThere } : {}),
    });
    if (!imported.ok) throw new Error(imported.detail);

    const opened = await host.api.openStory(imported.id);
    if (!opened.ok) throw new Error(opened.detail);
    const mara = opened.story.participants.find((p) => p.name === 'Mara')?.id ?? '';
    const before = server.requests.length;
    const sent = await host.api.send(imported.id, { next: { actor: mara }, text: 'What now?' });
    if (!sent.ok) throw new Error(sent.detail);
    const inFront = server.requests.slice(before).map((r) => bodyKind(r.body));
    expect(inFront).not.toContain('chronicle');
    expect(inFront).toContain('actor');

    await backgroundSettled(host, imported.id);
    const behind = server.requests.slice(before + inFront.length).map((r) => bodyKind(r.body));
    expect(behind).toContain('chronicle');
  }, 60_000);
});

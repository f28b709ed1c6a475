// The assistants' chats use the backend chosen for them ("Assistants" in Which backend does what),
// and the default backend when none is chosen: two real servers, one request counted on each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { startHost, testSettings, type HostHarness } from '../support/host-harness.ts';

const subject = { kind: 'lorebook', id: 'eldoria' } as const;
let characters: OpenAIServer;
let authoring: OpenAIServer;
let host: HostHarness;

beforeAll(async () => {
  characters = await startToolServer(() => ({ text: 'From the default backend.' }));
  authoring = await startToolServer(() => ({ text: 'From the authoring backend.' }));
  host = await startHost(characters);
  const saved = await host.api.saveLorebook({ id: 'eldoria', name: 'Eldoria', entries: [] });
  if (!saved.ok) throw new Error(saved.detail);
});
afterAll(async () => {
  await host.close();
  await Promise.all([characters.close(), authoring.close()]);
});

const lastReply = async (text: string) => {
  const sent = await host.api.sendAssistant(subject, text);
  if (!sent.ok) throw new Error(sent.detail);
  return sent.view.chat.messages.at(-1)?.text;
};

describe('the backend of the assistants', () => {
  it('is the default backend while none is chosen for them', async () => {
    expect(await lastReply('Hello.')).toBe('From the default backend.');
    expect(authoring.requests).toHaveLength(0);
  });

  it('is the one chosen for them, and only the assistants use it', async () => {
    const settings = testSettings(characters);
    const author = testSettings(authoring, { id: 'author', label: 'Author' }).profiles;
    const saved = await host.api.setDeviceSettings({
      ...settings,
      profiles: [...settings.profiles, ...author],
      operations: { default: 'local', authoring: 'author' },
    });
    if (!saved.ok) throw new Error(saved.detail);
    const before = characters.requests.length;
    expect(await lastReply('Again.')).toBe('From the authoring backend.');
    expect(characters.requests).toHaveLength(before);
    expect(authoring.requests).toHaveLength(1);
  });
});

// An assistant turn through the worker's DriverApi over comlink, against a real server speaking tool
// calls: Stop while the reply streams, a server refusing `tools` remembered on the backend profile,
// Retry of a message a failed call left unanswered, and the chat's own language.
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';

const subject = { kind: 'lorebook', id: 'eldoria' } as const;
const DRAGON = { title: 'Dragons', keys: ['dragon'], content: 'Dragons nest on the cliffs.' };
let server: OpenAIServer;
let host: HostHarness;
/** The server refuses `tools` while this is set, as an Ollama model without tool support does. */
let refuseTools = false;

beforeAll(async () => {
  server = await startToolServer((body) => {
    const last = body.messages.at(-1);
    const said = last?.content ?? '';
    if (refuseTools && body.tools) return { status: 400, error: 'gemma2:2b does not support tools' };
    if (!body.tools)
      return said.startsWith('Result of call')
        ? { text: JSON.stringify({ say: 'Proposed.' }) }
        : { text: JSON.stringify({ say: 'In JSON.', calls: [{ tool: 'create_entry', args: DRAGON }] }) };
    if (last?.role === 'tool') return { text: 'I proposed it and now I', hold: true };
    if (said.includes('Fail')) return { status: 400, error: 'the prompt is too long for this model' };
    if (said.includes('dragons'))
      return { calls: [{ id: 'c-new', name: 'create_entry', arguments: JSON.stringify(DRAGON) }] };
    return { text: 'Answered.' };
  });
  host = await startHost(server);
  const saved = await host.api.saveLorebook({ id: 'eldoria', name: 'Eldoria', entries: [] });
  if (!saved.ok) throw new Error(saved.detail);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

const open = async () => {
  const opened = await host.api.openAssistant(subject);
  if (!opened.ok) throw new Error(opened.detail);
  return opened.view;
};

describe('an assistant turn through the worker', () => {
  it('[AM1] Stop while the reply streams keeps it marked as stopped, and the proposal made before', async () => {
    let heard = '';
    const sent = await host.api.sendAssistant(
      subject,
      'Add dragons.',
      Comlink.proxy((d: string) => {
        heard += d;
        if (heard.endsWith('now I')) void host.api.cancelAssistant(subject);
      }),
    );
    if (!sent.ok) throw new Error(sent.detail);
    expect(sent.view.chat.messages.at(-1)).toMatchObject({ text: 'I proposed it and now I', stopped: true });
    expect(sent.view.chat.proposals).toEqual([
      expect.objectContaining({ label: 'Dragons', status: 'pending' }),
    ]);
    const next = await host.api.sendAssistant(subject, 'Hello?');
    expect(next.ok && next.view.chat.messages.at(-1)?.text).toBe('Answered.');
  });

  it('[AM3] a failed call leaves the message unanswered, and Retry sends it once more without storing it twice', async () => {
    const failed = await host.api.sendAssistant(subject, 'Fail, please.');
    expect(failed).toMatchObject({ ok: false, code: 'server' });
    expect((await open()).chat.messages.at(-1)).toMatchObject({ role: 'user', text: 'Fail, please.' });
    const before = server.requests.length;
    const retried = await host.api.retryAssistant(subject);
    expect(retried).toMatchObject({ ok: false, code: 'server' });
    expect(server.requests.at(-1)?.body.messages.filter((m) => m.content === 'Fail, please.')).toHaveLength(
      1,
    );
    expect(server.requests.length).toBe(before + 1);
    const users = (await open()).chat.messages.filter((m) => m.text === 'Fail, please.');
    expect(users).toHaveLength(1);
    await host.api.sendAssistant(subject, 'Hello again.');
    expect(await host.api.retryAssistant(subject)).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('[AM4] the chat keeps the language it was made in; the person changes it in the panel', async () => {
    expect((await open()).language).toBe('en');
    const settings = await host.api.getDeviceSettings();
    await host.api.setDeviceSettings({ ...settings, uiLanguage: 'zh' });
    const still = await open();
    expect(still.language).toBe('en');
    expect(still.welcome).toContain('I can help you write the lorebook “Eldoria”');
    const zh = await host.api.setAssistantLanguage(subject, 'zh');
    if (!zh.ok) throw new Error(zh.detail);
    expect(zh.view.language).toBe('zh');
    expect(zh.view.welcome).toContain('我可以帮你编写设定集“Eldoria”');
    await host.api.setDeviceSettings({ ...settings, uiLanguage: 'en' });
    await host.api.sendAssistant(subject, 'Hello in Chinese.');
    expect(server.requests.at(-1)?.body.messages[0]?.content).toContain('设定集');
    await host.api.setAssistantLanguage(subject, 'en');
  });

  it('[AM2] a server refusing `tools` is remembered on the profile: told once, later turns go to JSON at once', async () => {
    refuseTools = true;
    const first = await host.api.sendAssistant(subject, 'More dragons.');
    if (!first.ok) throw new Error(first.detail);
    expect(first.view.notice).toBe('tools-refused');
    expect(first.view.chat.proposals.at(-1)).toMatchObject({ label: 'Dragons', status: 'pending' });
    const profile = (await host.api.getDeviceSettings()).profiles[0];
    expect(profile).toMatchObject({
      id: 'local',
      refusedTools: { baseURL: server.baseURL, model: 'test-model' },
    });
    const before = server.requests.length;
    const later = await host.api.sendAssistant(subject, 'Even more dragons.');
    if (!later.ok) throw new Error(later.detail);
    expect(later.view.notice).toBeUndefined();
    expect(server.requests.slice(before).map((r) => Boolean(r.body.tools))).toEqual([false, false]);
    // Pointed at another model, the profile is asked with tools again.
    const settings = await host.api.getDeviceSettings();
    const moved = settings.profiles.map((p) => ({ ...p, model: 'another-model' }));
    await host.api.setDeviceSettings({ ...settings, profiles: moved });
    const again = await host.api.sendAssistant(subject, 'Dragons on the other model.');
    expect(again.ok && again.view.notice).toBe('tools-refused');
  });
});

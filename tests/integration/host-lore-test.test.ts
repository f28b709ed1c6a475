// "Test this text" through the worker over comlink: the library's lorebook scanned for a character on
// one text — a keyed entry fires naming its key and where it goes, others are listed with why not (no
// key in the text, a character filter), the budget is a share of an assumed 8192-token context, rolls
// are seeded by the text, and the reasons follow the interface language.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';
import { TEST_CONTEXT_TOKENS } from '../../src/workers/host/lore-test-command.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function hostWithBeasts(): Promise<HostHarness> {
  const server = await startOpenAIServer({ answer: () => 'unused' });
  const host = await startHost(server);
  cleanups.push(
    () => server.close(),
    () => host.close(),
  );
  const saved = await host.api.saveLorebook({
    id: 'beasts',
    name: 'Beasts',
    entries: [
      {
        id: 'dragons',
        title: 'Dragons',
        keys: ['dragon', '/wyrms?/i'],
        content: 'Dragons nest on the cliffs.',
      },
      {
        id: 'cats',
        title: 'Cats',
        keys: ['cat'],
        content: 'Cats rule the harbour.',
        position: 'before-card',
      },
      {
        id: 'tomas-only',
        title: 'Tomas’s secret',
        keys: ['dragon'],
        content: 'Tomas fears them.',
        characterFilter: { names: ['Tomas'] },
      },
      {
        id: 'deep',
        title: 'Old roads',
        constant: true,
        content: 'The roads are old.',
        position: 'at-depth',
        depth: 2,
      },
      { id: 'coin', title: 'Coin toss', keys: ['dragon'], content: 'Heads.', probability: 50 },
    ],
  });
  if (!saved.ok) throw new Error(saved.detail);
  return host;
}

async function test(host: HostHarness, text: string, character = 'Mara') {
  const tested = await host.api.testLore({ books: ['beasts'], text, character });
  if (!tested.ok) throw new Error(tested.detail);
  return tested.scan;
}

const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title);
const whyOf = (rows: Array<{ title: string; why: string }>, title: string) =>
  rows.find((r) => r.title === title)?.why;

describe('testLore', () => {
  it('fires a keyed entry naming its key and where it goes; lists the others with why not', async () => {
    const host = await hostWithBeasts();
    const scan = await test(host, 'a dragon lands');
    expect(titles(scan.fired)).toContain('Dragons');
    const dragons = scan.fired.find((r) => r.title === 'Dragons');
    expect(dragons).toMatchObject({ book: 'beasts', bookName: 'Beasts', entryId: 'dragons' });
    expect(dragons?.why).toBe('matched key “dragon”');
    expect(dragons?.position).toBe('after the card');
    expect(whyOf(scan.fired, 'Old roads')).toBe('constant');
    expect(scan.fired.find((r) => r.title === 'Old roads')?.position).toBe(
      '2 messages before the end of the history, as a system note',
    );
    expect(whyOf(scan.skipped, 'Cats')).toBe('none of its keys (“cat”) is in the text');
    expect(whyOf(scan.skipped, 'Tomas’s secret')).toBe('only for Tomas');
    expect(scan.budget).toBe(Math.floor(0.1 * TEST_CONTEXT_TOKENS));
    expect(scan.tokens).toBeGreaterThan(0);
    expect(scan.tokens).toBeLessThanOrEqual(scan.budget);
  });

  it('names a regular-expression key, and the same text rolls the same way every time', async () => {
    const host = await hostWithBeasts();
    const scan = await test(host, 'Two WYRMS circle.', 'Tomas');
    expect(whyOf(scan.fired, 'Dragons')).toBe('matched key “/wyrms?/i”');
    const first = await test(host, 'a dragon lands at dawn');
    const again = await test(host, 'a dragon lands at dawn');
    expect(again).toEqual(first);
    const coin = [...first.fired, ...first.skipped].find((r) => r.title === 'Coin toss');
    expect(coin?.why).toMatch(/^(matched key “dragon”|lost its roll: \d+ is not under 50%)$/);
  });

  it('tells why in the interface language, and refuses a book the library does not have', async () => {
    const host = await hostWithBeasts();
    const settings = await host.api.getDeviceSettings();
    await host.api.setDeviceSettings({ ...settings, uiLanguage: 'zh' });
    const scan = await test(host, 'a cat');
    expect(whyOf(scan.fired, 'Cats')).toBe('匹配关键词“cat”');
    expect(scan.fired.find((r) => r.title === 'Cats')?.position).toBe('角色卡之前');
    expect(whyOf(scan.skipped, 'Dragons')).toBe('文本中没有它的任何关键词（“dragon”、“/wyrms?/i”）');
    const missing = await host.api.testLore({ books: ['nowhere'], text: 'a cat', character: 'Mara' });
    expect(missing).toEqual({ ok: false, code: 'invalid', detail: '资料库里没有设定集 nowhere。' });
  });
});

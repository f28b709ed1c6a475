// World Info keys against text: regular expressions, case and whole words (W2–W4), as tables over
// compileKey and through a whole scan.
import { describe, expect, it } from 'vitest';
import { compileKey, parseRegexKey } from '../../src/driver/lore/key-match.ts';
import { DEFAULT_LORE_SETTINGS } from '../../src/driver/doc/lore-book.ts';
import { entry, firedIds, firedWhy, scan } from '../support/lore-fixture.ts';

const PLAIN = { caseSensitive: false, matchWholeWords: false };
const WHOLE = { caseSensitive: false, matchWholeWords: true };
const CASED = { caseSensitive: true, matchWholeWords: false };

function matches(key: string, text: string, options = WHOLE): boolean {
  const test = compileKey(key, options);
  return test !== null && test(text);
}

describe('[W2] regular-expression keys', () => {
  it.each([
    ['/drag(on|ons)/', 'two dragons', true],
    ['/Dragon/', 'a dragon', false],
    ['/Dragon/i', 'a DRAGON', true],
    ['/^\\x01Mara:[^\\x01]*?hello/m', '\u0001Jess: hello\n\u0001Mara: well, hello', true],
    ['/\\x01Mara:[^\\x01]*?hello/', '\u0001Mara: bye\n\u0001Jess: hello', false],
    ['/ki/', 'liking', true],
    ['/a,b/', 'x a,b y', true],
  ])('%s against %j: %s (its own flags; case and whole words do not apply)', (key, text, expected) => {
    expect(matches(key, text, { caseSensitive: true, matchWholeWords: true })).toBe(expected);
  });

  it.each([
    ['/[unclosed/', 'see /[unclosed/ here', true],
    ['/usr/bin/', 'run /usr/bin/ now', true],
    ['/usr/bin/', 'usr/bin', false],
    ['/', 'a / b', true],
  ])('%s is not a valid expression, so it matches as plain text: %j → %s', (key, text, expected) => {
    expect(parseRegexKey(key)).toBeNull();
    expect(matches(key, text)).toBe(expected);
  });

  it('a /g or /y flag does not make matching stateful: the same key matches every time', () => {
    const test = compileKey('/dragon/gy', PLAIN);
    expect(parseRegexKey('/dragon/gy')?.flags).toBe('');
    expect([test?.('dragon'), test?.('dragon'), test?.('dragon')]).toEqual([true, true, true]);
  });

  it('through a scan: each message opens with \\x01, so a regex can tell who said it', () => {
    const e = entry('greet', { keys: ['/\\x01Mara:[^\\x01]*?hello/'] });
    expect(firedIds(scan([e], { messages: ['Mara: hello there', 'Jess: hi'] }))).toEqual(['greet']);
    expect(firedIds(scan([e], { messages: ['Mara: hi', 'Jess: hello'] }))).toEqual([]);
  });
});

describe('[W3] case sensitivity, the entry over the scan', () => {
  it.each([
    { settings: false, entrySetting: null, text: 'a dragon', fires: true },
    { settings: false, entrySetting: null, text: 'A DRAGON', fires: true },
    { settings: true, entrySetting: null, text: 'a dragon', fires: false },
    { settings: true, entrySetting: null, text: 'a Dragon', fires: true },
    { settings: true, entrySetting: false, text: 'a dragon', fires: true },
    { settings: false, entrySetting: true, text: 'a dragon', fires: false },
  ])(
    'key "Dragon", scan case-sensitive $settings, entry $entrySetting, text $text: fires $fires',
    ({ settings, entrySetting, text, fires }) => {
      const e = entry('d', { keys: ['Dragon'], caseSensitive: entrySetting });
      const result = scan([e], { messages: [text], settings: { caseSensitive: settings } });
      expect(firedIds(result)).toEqual(fires ? ['d'] : []);
    },
  );

  it('a case-sensitive plain key matches exactly as written', () => {
    expect(matches('Rose', 'a rose', CASED)).toBe(false);
    expect(matches('Rose', 'Rose said', CASED)).toBe(true);
  });
});

describe('[W4] whole words', () => {
  it('is on by default, as in SillyTavern', () => {
    expect(DEFAULT_LORE_SETTINGS.matchWholeWords).toBe(true);
  });

  it.each([
    ['king', 'long live the king', true],
    ['king', "it's not to my liking", false],
    ['king', 'the king.', true],
    ['king', "the king's crown", true],
    ['king', 'kingdom', false],
    ['A1', 'room A12', false],
    ['A1', 'room A1, left', true],
    ['café', 'two cafés', false],
    ['café', 'le café.', true],
    ['black cat', 'a black cat sat', true],
    ['black cat', 'a black  cat', true],
    ['black cat', 'a black\ncat', true],
    ['black cat', 'black category', false],
    ['black cat', 'ablack cat', false],
    ['巨龙', '山上有一条巨龙飞过', true],
    ['龙', '巨龙来了', true],
    ['ドラゴン', '空にドラゴンが飛ぶ', true],
    ['Mara', 'Mara说她要走了', true],
    ['Mara', '我看见Mara了', true],
    ['Mara', 'Maras', false],
  ])('key %j in %j: %s', (key, text, expected) => {
    expect(matches(key, text, WHOLE)).toBe(expected);
  });

  it.each([
    ['king', "it's not to my liking", true],
    ['black cat', 'black category', true],
    ['black cat', 'a black  cat', false],
  ])('off, a key is a bare substring: %j in %j: %s', (key, text, expected) => {
    expect(matches(key, text, PLAIN)).toBe(expected);
  });

  it.each([
    { settings: true, entrySetting: null, fires: false },
    { settings: true, entrySetting: false, fires: true },
    { settings: false, entrySetting: null, fires: true },
    { settings: false, entrySetting: true, fires: false },
  ])(
    'key "king" in "my liking": scan whole words $settings, entry $entrySetting → fires $fires',
    ({ settings, entrySetting, fires }) => {
      const e = entry('k', { keys: ['king'], matchWholeWords: entrySetting });
      const result = scan([e], { messages: ['Mara: my liking'], settings: { matchWholeWords: settings } });
      expect(firedIds(result)).toEqual(fires ? ['k'] : []);
    },
  );

  it('a CJK key fires inside Chinese text with whole words on, and the reason names it', () => {
    const e = entry('dragon', { keys: ['巨龙'] });
    const result = scan([e], {
      messages: ['玛拉：山上有一条巨龙飞过。'],
      settings: { matchWholeWords: true },
    });
    expect(firedIds(result)).toEqual(['dragon']);
    expect(firedWhy(result, 'dragon')).toEqual({ kind: 'key', key: '巨龙', secondary: null, level: 0 });
  });

  it('an empty key (only spaces) never matches', () => {
    expect(compileKey('   ', WHOLE)).toBeNull();
  });
});

// A card's report and refusals in the person's language: the same file read in Chinese says every
// note and refusal in Chinese (field and chunk names as in the file), and in English as before.
import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/driver/doc/schema.ts';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import { readImport } from '../../src/driver/import/read-import.ts';
import { jsonBytes, latin1, png, tEXt } from '../support/card-files.ts';

/** A V2 card as real files write it: a number where text belongs, lists as text, CRLF, a book keyed by id. */
const lenientCard = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Mira',
    description: 'Line one\r\nLine two',
    first_mes: 42,
    tags: 'brave, kind',
    alternate_greetings: 'Hello there',
    create_date: '2023-7-21 @17h 13m 22s 116ms',
    character_book: { entries: { a: { keys: ['k'], content: 'c', enabled: 'yes' } }, scan_depth: 2 },
  },
};

function report(language: Language) {
  const result = readCardFile(jsonBytes(lenientCard), 'mira.json', language);
  if (!result.ok) throw new Error(result.reason);
  return result.report;
}

const reason = (bytes: Uint8Array, language: Language) => {
  const result = readCardFile(bytes, 'card.png', language);
  return result.ok ? 'read' : result.reason;
};

const hasHan = (line: string) => /\p{Script=Han}/u.test(line);

describe('[K1] [K3] a card read in the person’s language', () => {
  it('says every note in Chinese, field names as in the file', () => {
    const zh = report('zh');
    expect(zh.warnings).toContain('first_mes：应为文本，却是数字，已按文本读取');
    expect(zh.warnings).toContain('tags：以逗号分隔的字符串，已按列表读取');
    expect(zh.warnings).toContain('alternate_greetings：应为列表，却是一段文本，已作为一条问候语读取');
    expect(zh.warnings).toContain('character_book.entries：以 id 为键的对象，已按列表读取');
    expect(zh.warnings).toContain('character_book.entries[].enabled：字符串已按布尔值读取');
    expect(zh.warnings).toContain(
      'V2 角色卡缺少 personality、scenario、mes_example、creator_notes、system_prompt、post_history_instructions、creator、character_version、extensions：已按空值读取',
    );
    expect(zh.converted).toEqual([
      'create_date（SillyTavern，SillyTavern 的日期格式，按 UTC 读取）→ 以秒计的 creation_date',
      '换行符：CRLF → LF',
    ]);
    for (const line of [...zh.warnings, ...zh.converted, ...zh.dropped])
      expect(hasHan(line), line).toBe(true);
  });

  it('says the same notes in English as before', () => {
    const en = report('en');
    expect(en.warnings).toContain('first_mes: a number where text belongs, read as text');
    expect(en.warnings).toContain('tags: a comma-separated string, read as a list');
    expect(en.warnings).toContain('alternate_greetings: one text where a list belongs, read as one greeting');
    expect(en.warnings).toContain('character_book.entries[].enabled: a string read as a boolean');
    expect(en.converted).toEqual([
      "create_date (SillyTavern, SillyTavern's date, read as UTC) → creation_date in seconds",
      'line breaks: CRLF → LF',
    ]);
    // English is the default.
    expect(readCardFile(jsonBytes(lenientCard), 'mira.json')).toMatchObject({ ok: true, report: en });
  });

  it('refuses in Chinese: a PNG without a card, a card chunk that cannot be read, an empty file', () => {
    expect(reason(png([tEXt('Software', 'paint')]), 'zh')).toBe(
      '这个 PNG 里没有角色卡（没有 ccv3 或 chara 块）',
    );
    expect(reason(png([tEXt('chara', '%%%')]), 'zh')).toBe(
      '这个 PNG 里的角色卡无法读取：chara 块既不是 base64 也不是 JSON',
    );
    expect(reason(new Uint8Array(), 'zh')).toBe('这是一个空文件');
    expect(reason(jsonBytes([1, 2]), 'zh')).toBe('这是 JSON 文件，但不是角色卡：它是一个列表');
  });

  it('refuses in English as before', () => {
    expect(reason(png([tEXt('Software', 'paint')]), 'en')).toBe(
      'This PNG holds no character card (no ccv3 or chara chunk)',
    );
    expect(reason(png([tEXt('chara', '%%%')]), 'en')).toBe(
      "This PNG's card cannot be read: its chara chunk is neither base64 nor JSON",
    );
    expect(reason(latin1('\xff\xd8\xff\xe0'), 'en')).toBe('a JPEG image: cards are PNG, WebP, CHARX or JSON');
  });

  it('is worded in the language the import is read in', () => {
    const opts = (language: Language) => ({
      language,
      newId: () => 'id',
      importedAt: '2024-01-01T00:00:00Z',
    });
    const bytes = png([tEXt('Software', 'paint')]);
    expect(readImport(bytes, 'card.png', opts('zh'))).toEqual({
      ok: false,
      reason: '这个 PNG 里没有角色卡（没有 ccv3 或 chara 块）',
    });
    const read = readImport(jsonBytes(lenientCard), 'mira.json', opts('zh'));
    expect(read.ok && read.report.warnings).toContain('first_mes：应为文本，却是数字，已按文本读取');
  });
});

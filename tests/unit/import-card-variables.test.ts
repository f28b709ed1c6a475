// [K12] [K13] A card made for a variable system (MVU): one note naming its regex scripts and the book
// entries that are its rules; those entries disabled (not deleted) when left out; an empty description
// told. Cards made here.
import { describe, expect, it } from 'vitest';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import { withEntriesDisabled } from '../../src/driver/import/card/card-variables.ts';
import { jsonBytes } from '../support/card-files.ts';

const entry = (id: number, comment: string, content: string) => ({
  id,
  keys: [comment],
  content,
  comment,
  enabled: true,
  insertion_order: 100,
});

const mvuCard = (description: string) => ({
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    name: '雪见',
    description,
    first_mes: '<StatusPlaceHolderImpl/>',
    extensions: {
      regex_scripts: [
        { scriptName: '隐藏变量更新', findRegex: '/<UpdateVariable>[\\s\\S]*?<\\/UpdateVariable>/g' },
        { scriptName: '状态栏', findRegex: '/<StatusPlaceHolderImpl\\/>/g' },
        { scriptName: '美化', findRegex: '/x/g' },
      ],
    },
    character_book: {
      entries: [
        entry(0, '世界观', '青云山上有座道观。'),
        entry(1, '[mvu_update]变量更新规则', '每次回复后输出 JSON Patch：_.set("好感度", 10);'),
        entry(2, '变量列表', '当前状态：{{format_message_variable::stat_data}}'),
      ],
    },
  },
});

function read(card: unknown, language: 'en' | 'zh' = 'en') {
  const result = readCardFile(jsonBytes(card), 'card.json', language);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('[K12] cards made for a variable system', () => {
  it('[K12] one note names how many regex scripts and which entries are the rules', () => {
    const { character, report } = read(mvuCard('A swordswoman.'));
    expect(report.warnings).toContain(
      'made for a variable system: its 3 regex scripts are not run here, and entries that tell the model to write variable updates ([mvu_update]变量更新规则, 变量列表) would reach every request as they are',
    );
    expect(report.variableRules).toEqual(['[mvu_update]变量更新规则', '变量列表']);
    expect(character.variableRuleIds).toHaveLength(2);
    const book = character.book;
    if (!book) throw new Error('no book');
    const left = withEntriesDisabled(book, character.variableRuleIds ?? []);
    expect(left.entries?.map((e) => e.enabled)).toEqual([true, false, false]);
    expect(left.entries).toHaveLength(3);
  });

  it('[K12] regex scripts alone are left out with their count; a plain card has no such note', () => {
    const card = mvuCard('A swordswoman.');
    card.data.character_book.entries = [entry(0, '世界观', '青云山上有座道观。')];
    const { report } = read(card);
    expect(report.dropped).toContain('SillyTavern regex scripts (3): Rashomon runs no scripts on the text');
    expect(report.variableRules).toBeUndefined();
    const plain = read({ name: 'Plain', description: 'Plain.' });
    expect([...plain.report.warnings, ...plain.report.dropped].join('\n')).not.toMatch(/variable|regex/);
  });

  it('[K13] an empty description is told, in the person’s language', () => {
    expect(read(mvuCard('  ')).report.warnings).toContain(
      'the description is empty: the model knows this character only by its other fields',
    );
    expect(read(mvuCard(''), 'zh').report.warnings.join('\n')).toContain('描述为空');
  });
});

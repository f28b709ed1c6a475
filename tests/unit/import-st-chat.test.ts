// SillyTavern chat import: a 1:1 chat with its header, a group chat without one, swipes as sibling
// alternatives, hidden and system messages left out, names and dates, and the two modes — every view
// imported, or none yet. The chats are made here, line by line.
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { listParticipants } from '../../src/driver/doc/participants.ts';
import { readMeta } from '../../src/driver/doc/story-doc.ts';
import { readTurn } from '../../src/driver/doc/turns.ts';
import {
  importStChat,
  type ChatImportMode,
  type StChatImportOptions,
} from '../../src/driver/import/chat/st-chat.ts';
import type { ImportReport } from '../../src/driver/import/intermediate.ts';
import { readStDate } from '../../src/driver/import/chat/st-date.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';

const IMPORTED_AT = '2025-01-01T00:00:00.000Z';
const jsonl = (...lines: unknown[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');

function options(overrides: Partial<StChatImportOptions> = {}): StChatImportOptions {
  let n = 0;
  return {
    id: 'story-1',
    fileName: 'Mara - 2023-7-21 @17h 13m 20s 123ms.jsonl',
    language: 'en',
    mode: 'perceived-all',
    importedAt: IMPORTED_AT,
    newId: () => `id${++n}`,
    ...overrides,
  };
}

function run(
  text: string,
  overrides: Partial<StChatImportOptions> = {},
): { doc: Y.Doc; report: ImportReport } {
  const r = importStChat(text, options(overrides));
  if (!r.ok) throw new Error(r.detail);
  return r;
}

const msg = (name: string, mes: string, more: Record<string, unknown> = {}) => ({
  name,
  is_user: name === 'Alex',
  is_system: false,
  send_date: 'July 21, 2023 5:13pm',
  mes,
  extra: {},
  ...more,
});

const HEADER = {
  user_name: 'Alex',
  character_name: 'Mara',
  create_date: '2023-7-21 @17h 13m 20s 123ms',
  chat_metadata: {},
};

/** Each participant's transcript on the active path, as "Name: text" (or the entry's kind). */
function transcripts(doc: Y.Doc): Record<string, string[]> {
  const views = createStoryViews(doc);
  const names = new Map(listParticipants(doc).map((p) => [p.id, p.name]));
  const out: Record<string, string[]> = {};
  for (const [id, name] of names)
    out[name] = views.transcript(id).map((e) => (e.text ? `${names.get(e.speaker)}: ${e.text}` : e.kind));
  views.dispose();
  return out;
}

const idOf = (doc: Y.Doc, name: string) => listParticipants(doc).find((p) => p.name === name)?.id as string;

describe('SillyTavern chat import', () => {
  it('[I6] a 1:1 chat with its header: the user and the character, everyone present, the messages in order', () => {
    const { doc, report } = run(
      jsonl(HEADER, msg('Mara', 'Hello, traveller.'), msg('Alex', 'Hi. *waves*'), msg('Mara', 'Come in.')),
    );
    expect(readMeta(doc)).toMatchObject({
      id: 'story-1',
      title: 'Mara - 2023-7-21 @17h 13m 20s 123ms',
      language: 'en',
    });
    expect(listParticipants(doc).map((p) => [p.kind, p.name, p.present])).toEqual([
      ['user', 'Alex', true],
      ['character', 'Mara', true],
    ]);
    const views = createStoryViews(doc);
    const path = views.path().map((n) => n.turn);
    views.dispose();
    expect(path.map((t) => [t.author, t.source, t.origin])).toEqual([
      [idOf(doc, 'Mara'), 'Hello, traveller.', 'authored'],
      [idOf(doc, 'Alex'), 'Hi. *waves*', 'authored'],
      [idOf(doc, 'Mara'), 'Come in.', 'authored'],
    ]);
    expect(path.every((t) => t.audiences.length === 2)).toBe(true);
    expect(report).toMatchObject({
      kind: 'chat',
      name: 'Mara - 2023-7-21 @17h 13m 20s 123ms',
      messages: 3,
      warnings: [],
    });
  });

  it('[I6] the title comes from the file name, else the header’s character, else a default', () => {
    const text = jsonl(HEADER, msg('Mara', 'Hi.'));
    expect(readMeta(run(text, { fileName: 'chats/Night watch.jsonl' }).doc).title).toBe('Night watch');
    expect(readMeta(run(text, { fileName: '' }).doc).title).toBe('Mara');
    expect(readMeta(run(jsonl(msg('Mara', 'Hi.')), { fileName: '.jsonl' }).doc).title).toBe('Imported chat');
  });

  it('[I6] a group chat without a header: names from the messages, one character per name ignoring case', () => {
    const { doc } = run(
      jsonl(
        msg('Mara', 'I keep watch.'),
        msg('Tobin', 'I sleep.'),
        msg('Alex', 'Quiet, both.'),
        msg('mara', 'Fine.'),
      ),
    );
    expect(listParticipants(doc).map((p) => [p.kind, p.name])).toEqual([
      ['user', 'Alex'],
      ['character', 'Mara'],
      ['character', 'Tobin'],
    ]);
    expect(transcripts(doc).Tobin).toEqual([
      'Mara: I keep watch.',
      'Tobin: I sleep.',
      'Alex: Quiet, both.',
      'Mara: Fine.',
    ]);
  });

  it('[I6] a header that names no one (SillyTavern writes "unused") leaves the names to the messages', () => {
    const header = { chat_metadata: {}, user_name: 'unused', character_name: 'unused' };
    const { doc, report } = run(jsonl(header, msg('Mara', 'Hi.'), msg('Alex', 'Hello.')), { fileName: '' });
    expect(listParticipants(doc).map((p) => [p.kind, p.name])).toEqual([
      ['user', 'Alex'],
      ['character', 'Mara'],
    ]);
    expect(readMeta(doc).title).toBe('Imported chat');
    expect(report.messages).toBe(2);
  });

  it('[I6] a character named like the user is numbered; a second user name joins the user; both said', () => {
    const { doc, report } = run(
      jsonl(
        HEADER,
        msg('Alex', 'Me.', { is_user: false }),
        msg('Al', 'Also me.', { is_user: true }),
        msg('Alex', 'Me again.'),
      ),
    );
    expect(listParticipants(doc).map((p) => [p.kind, p.name])).toEqual([
      ['user', 'Alex'],
      ['character', 'Alex (2)'],
    ]);
    expect(transcripts(doc).Alex).toEqual(['Alex (2): Me.', 'Alex: Also me.', 'Alex: Me again.']);
    expect(report.converted.join('\n')).toMatch(
      /the character Alex shares the user’s name; they are Alex \(2\) here/,
    );
    expect(report.converted.join('\n')).toMatch(/messages the user wrote as Al are Alex’s here/);
  });

  it('[I6] swipes: the chosen one is the turn, the others sibling alternatives by the same author, off the path', () => {
    const { doc, report } = run(
      jsonl(
        HEADER,
        msg('Mara', 'Who goes there?', {
          swipes: ['Hello.', 'Who goes there?', 'Halt!', 'Hello.', ''],
          swipe_id: 1,
          swipe_info: [{ send_date: 'July 21, 2023 5:10pm' }, {}, {}],
        }),
        msg('Alex', 'A friend.'),
      ),
    );
    const views = createStoryViews(doc);
    const [first, second] = views.path().map((n) => n.turn);
    const roots = views.children(null).map((id) => readTurn(doc, id));
    views.dispose();
    expect(first?.source).toBe('Who goes there?');
    expect(second?.parent).toBe(first?.id);
    expect(roots.map((t) => t.source).sort()).toEqual(['Halt!', 'Hello.', 'Who goes there?']);
    expect(new Set(roots.map((t) => t.author))).toEqual(new Set([idOf(doc, 'Mara')]));
    expect(roots.find((t) => t.source === 'Hello.')?.createdAt).toBe('2023-07-21T17:10:00.000Z');
    // In perceived-all an alternative is perceived too: switching to it shows no missing view.
    expect(roots.find((t) => t.source === 'Halt!')?.pov[idOf(doc, 'Alex')]).toMatchObject({
      text: 'Halt!',
      origin: 'imported',
    });
    expect(report.messages).toBe(2);
    expect(report.converted.join('\n')).toMatch(/each other one an alternative beside it \(2 in all\)/);
  });

  it('[I6] hidden, system, narrator and empty messages are not turns: each is reported dropped, by line', () => {
    const { doc, report } = run(
      jsonl(
        HEADER,
        msg('Mara', 'Hello.'),
        msg('Alex', 'A secret.', { is_system: true }),
        msg('SillyTavern System', 'Tip of the day.', { is_system: false, extra: { isSmallSys: true } }),
        msg('System', 'Night falls.', { extra: { type: 'narrator' } }),
        msg('Mara', '   '),
        msg('Alex', 'Bye.'),
      ),
    );
    expect(transcripts(doc).Alex).toEqual(['Mara: Hello.', 'Alex: Bye.']);
    expect(listParticipants(doc).map((p) => p.name)).toEqual(['Alex', 'Mara']);
    expect(report.messages).toBe(2);
    expect(report.dropped).toEqual([
      'hidden messages (SillyTavern does not send them to its model) (line 3)',
      'SillyTavern’s system messages (line 4)',
      'narrator messages (a Rashomon story has no narrator) (line 5)',
      'empty messages (line 6)',
    ]);
  });

  it('[I6] a broken line is skipped and said so; lenient fields are read and told', () => {
    const { doc, report } = run(
      jsonl(
        HEADER,
        msg('Mara', 'Hello.'),
        '{not json',
        { foo: 1 },
        msg('Alex', 'Hi.', { is_user: 'true' }),
        '',
      ),
    );
    expect(transcripts(doc).Mara).toEqual(['Mara: Hello.', 'Alex: Hi.']);
    expect(report.warnings).toEqual([
      'a line that is not JSON was skipped (line 3)',
      'a line that is not a message was skipped (line 4)',
      'is_user is given as text; it was read as its value (line 5)',
    ]);
  });

  it('[I6] chat metadata is reported dropped, by key', () => {
    const { report } = run(
      jsonl({ ...HEADER, chat_metadata: { note_prompt: 'Rain.', variables: {} } }, msg('Mara', 'Hi.')),
    );
    expect(report.dropped.join()).toMatch(/the chat’s metadata .*\(note_prompt, variables\)/);
  });

  const refusals: Array<[string, string, RegExp]> = [
    [
      'pretty-printed JSON',
      JSON.stringify({ entries: { '0': { key: ['a'] } } }, null, 2),
      /one JSON document/,
    ],
    ['a text file', 'Once upon a time\nthe end', /none of its lines is a chat message/],
    [
      'one line of JSON that is no message',
      JSON.stringify({ entries: {} }),
      /none of its lines is a chat message/,
    ],
    ['an empty file', '', /none of its lines/],
  ];
  for (const [name, text, reason] of refusals)
    it(`[I6] refuses ${name} with one reason`, () => {
      const r = importStChat(text, options());
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.code).toBe('not-a-chat');
        expect(r.detail).toMatch(reason);
      }
    });

  it('[I6][SJ3] refuses a speaker whose name a story could not hold, in one line', () => {
    const r = importStChat(jsonl(HEADER, msg('M'.repeat(300_000), 'Hello.')), options());
    expect(r).toMatchObject({ ok: false, code: 'name-too-long' });
    if (!r.ok) expect(r.detail).toMatch(/^a name in the chat has 300000 characters, over the 200 /);
  });

  it('[I6] the story is in the language given, and so is the report', () => {
    const { doc, report } = run(
      jsonl(HEADER, msg('Mara', '你好。'), msg('Alex', '嗯。', { send_date: 'never' })),
      {
        language: 'zh',
      },
    );
    expect(readMeta(doc).language).toBe('zh');
    expect(report.warnings).toEqual(['有一个日期无法读取，已使用导入的时间（第 3 行）']);
  });
});

describe('SillyTavern chat import: the two modes', () => {
  const chat = jsonl(
    msg('Mara', 'I keep watch.'),
    msg('Alex', 'I bring tea.'),
    msg('Tobin', 'I snore.'),
    msg('Mara', 'Thanks.', { swipes: ['Thanks.', 'No.'], swipe_id: 0 }),
  );
  const messages = ['Mara: I keep watch.', 'Alex: I bring tea.', 'Tobin: I snore.', 'Mara: Thanks.'];

  it('[I7] perceived-all: every audience’s transcript is the chat, its views imported and fresh', () => {
    const { doc, report } = run(chat, { mode: 'perceived-all' });
    expect(transcripts(doc)).toEqual({ Alex: messages, Mara: messages, Tobin: messages });
    const views = createStoryViews(doc);
    expect(views.staleItems()).toEqual([]);
    for (const p of listParticipants(doc)) expect(views.missing(p.id)).toEqual([]);
    const records = views.path().flatMap((n) => Object.values(n.turn.pov));
    views.dispose();
    expect(records).toHaveLength(4 * 2);
    expect(new Set(records.map((r) => r.origin))).toEqual(new Set(['imported']));
    expect(report.converted.join()).toMatch(/everyone perceived each message as it was written/);
  });

  it('[I7] project-later: sources only; every other participant’s views are missing, to be projected', () => {
    const { doc, report } = run(chat, { mode: 'project-later' satisfies ChatImportMode });
    const views = createStoryViews(doc);
    const path = views.path();
    expect(path.every((n) => Object.keys(n.turn.pov).length === 0)).toBe(true);
    const byOthers = (who: string) => path.filter((n) => n.turn.author !== idOf(doc, who)).map((n) => n.id);
    for (const who of ['Alex', 'Mara', 'Tobin']) expect(views.missing(idOf(doc, who))).toEqual(byOthers(who));
    views.dispose();
    expect(transcripts(doc).Tobin).toEqual(['missing', 'missing', 'Tobin: I snore.', 'missing']);
    expect(report.converted.join()).toMatch(/no one’s views are made yet/);
  });

  it('[I7] imported views travel through Story JSON as imported, still fresh', () => {
    const { doc } = run(chat);
    const again = importStory(JSON.parse(JSON.stringify(exportStory(doc))), IMPORTED_AT);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(exportStory(again.doc)).toEqual(exportStory(doc));
    const views = createStoryViews(again.doc);
    expect(views.staleItems()).toEqual([]);
    views.dispose();
    expect(again.story.turns.flatMap((t) => Object.values(t.pov).map((r) => r.origin))).toContain('imported');
  });
});

describe('SillyTavern dates', () => {
  const dates: Array<[unknown, string | null, boolean?]> = [
    ['July 21, 2023 5:13pm', '2023-07-21T17:13:00.000Z', true],
    ['July 21, 2023 12:05am', '2023-07-21T00:05:00.000Z', true],
    ['Jul 1, 2023 12:30pm', '2023-07-01T12:30:00.000Z', true],
    ['December 31, 1999 11:59 PM', '1999-12-31T23:59:00.000Z', true],
    ['2023-7-21 @17h 13m 20s 123ms', '2023-07-21T17:13:20.123Z', true],
    ['2023-07-21@17h13m20s', '2023-07-21T17:13:20.000Z', true],
    ['2023-07-21T17:13:20.5Z', '2023-07-21T17:13:20.500Z', false],
    ['2023-07-21T19:13:20+02:00', '2023-07-21T17:13:20.000Z', false],
    ['2023-07-21T17:13:20', '2023-07-21T17:13:20.000Z', true],
    [1689959600123, '2023-07-21T17:13:20.123Z', false],
    ['1689959600123', '2023-07-21T17:13:20.123Z', false],
    [1689959600, '2023-07-21T17:13:20.000Z', false],
    ['February 30, 2023 1:00pm', null],
    ['July 21, 2023 13:00pm', null],
    ['Smarch 1, 2023 1:00pm', null],
    ['yesterday', null],
    [null, null],
    [-5, null],
  ];
  for (const [input, iso, zoneless] of dates)
    it(`[I6] ${JSON.stringify(input)} → ${iso ?? 'unreadable'}`, () => {
      const read = readStDate(input);
      expect(read?.iso ?? null).toBe(iso);
      if (read && zoneless !== undefined) expect(read.zoneless).toBe(zoneless);
    });

  it('[I6] a turn takes its message’s date; a date naming no zone or in seconds is said in converted', () => {
    const { doc, report } = run(
      jsonl(
        msg('Mara', 'One.', { send_date: 'July 21, 2023 5:13pm' }),
        msg('Alex', 'Two.', { send_date: 1689959600 }),
      ),
    );
    const views = createStoryViews(doc);
    expect(views.path().map((n) => n.turn.createdAt)).toEqual([
      '2023-07-21T17:13:00.000Z',
      '2023-07-21T17:13:20.000Z',
    ]);
    views.dispose();
    expect(report.converted).toEqual(
      expect.arrayContaining([
        'dates that name no time zone were read as UTC',
        'dates given in seconds since 1970 were read as such',
      ]),
    );
  });
});

// A SillyTavern group chat of our own making, with its group file and its members' cards: three
// members, Jun joining late, Oskar muted (the group file's `disabled_members`) or absent for a stretch set
// by hand. Each one's transcript, read through the driver's views, holds only what it perceived.
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { listParticipants } from '../../src/driver/doc/participants.ts';
import { readImport, type ReadImportOptions } from '../../src/driver/import/read-import.ts';
import type { ImportReport } from '../../src/driver/import/intermediate.ts';
import { defaultWhoWasThere, type WhoWasThere } from '../../src/driver/import/who-was-there.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { b64, png, tEXt } from '../support/card-files.ts';

const enc = new TextEncoder();
const at = (minute: number) => `July 21, 2023 5:${String(10 + minute).padStart(2, '0')}pm`;

/** A group chat line as SillyTavern writes it: a character's names its card file, the user's its persona picture. */
const line = (name: string, mes: string, i: number, more: Record<string, unknown> = {}) => ({
  name,
  is_user: name === 'Alex',
  is_system: false,
  send_date: at(i),
  mes,
  swipes: [mes],
  swipe_id: 0,
  extra: {},
  ...(name === 'Alex' ? { force_avatar: 'User Avatars/alex.png' } : { original_avatar: `${name}.png` }),
  ...more,
});

const CHAT = [
  // A group chat opens with its metadata alone: no user_name, no character_name.
  { chat_metadata: { note_prompt: '', variables: {} } },
  line('Mara', 'The fire is lit.', 0),
  line('Oskar', 'I bring wood.', 1),
  line('Alex', 'Thanks, both.', 2),
  line('Mara', 'Sit.', 3, { swipes: ['Sit.', 'Sit down, then.'], swipe_id: 0 }),
  line('Oskar', 'I will step out.', 4),
  line('Mara', '(hidden aside)', 5, { is_system: true }),
  line('Mara', 'He is gone.', 6),
  {
    name: 'SillyTavern System',
    is_user: false,
    is_system: false,
    mes: 'Jun joined.',
    extra: { type: 'generic' },
  },
  line('Jun', 'Did I miss much?', 8),
  line('Alex', 'Not much.', 9),
]
  .map((l) => JSON.stringify(l))
  .join('\n');

const GROUP = {
  id: '1690000000000',
  name: 'Hearth',
  members: ['Mara.png', 'Oskar.png', 'Jun.png'],
  disabled_members: ['Oskar.png'],
  chat_id: 'Hearth - 2023-7-21',
  chats: ['Hearth - 2023-7-21'],
  allow_self_responses: false,
  activation_strategy: 0,
  generation_mode: 0,
};

const card = (name: string, description: string) =>
  JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name, description, first_mes: '' } });

const files = [
  { name: 'Hearth.json', bytes: enc.encode(JSON.stringify(GROUP)) },
  { name: 'Mara.json', bytes: enc.encode(card('Mara', 'Keeps the fire at {{user}}’s inn.')) },
  { name: 'Jun.json', bytes: enc.encode(card('Jun', 'A courier, always late.')) },
];

function load(overrides: Partial<ReadImportOptions> = {}): { doc: Y.Doc; report: ImportReport } {
  let n = 0;
  const r = readImport(enc.encode(CHAT), 'Hearth - 2023-7-21.jsonl', {
    language: 'en',
    newId: () => `id${++n}`,
    importedAt: '2025-01-01T00:00:00.000Z',
    chat: 'perceived-all',
    companions: files,
    ...overrides,
  });
  if (!r.ok || r.kind !== 'chat') throw new Error(r.ok ? r.kind : r.reason);
  return r;
}

/** Each participant's transcript on the active path, as "Speaker: text". */
function transcripts(doc: Y.Doc): Record<string, string[]> {
  const views = createStoryViews(doc);
  const names = new Map(listParticipants(doc).map((p) => [p.id, p.name]));
  const out: Record<string, string[]> = {};
  for (const [id, name] of names)
    out[name] = views.transcript(id).map((e) => `${names.get(e.speaker)}: ${e.text ?? e.kind}`);
  views.dispose();
  return out;
}

const EVERY_TURN = [
  'Mara: The fire is lit.',
  'Oskar: I bring wood.',
  'Alex: Thanks, both.',
  'Mara: Sit.',
  'Oskar: I will step out.',
  'Mara: He is gone.',
  'Jun: Did I miss much?',
  'Alex: Not much.',
];

describe('SillyTavern group chat import', () => {
  it('[GC1][GC2] members become characters with their cards, the persona the user, system and hidden rows left out by line', () => {
    const { doc, report } = load();
    const cast = listParticipants(doc);
    expect(cast.map((p) => [p.kind, p.name])).toEqual([
      ['user', 'Alex'],
      ['character', 'Mara'],
      ['character', 'Oskar'],
      ['character', 'Jun'],
    ]);
    expect(cast.find((p) => p.name === 'Mara')?.card?.description).toBe('Keeps the fire at ${user}’s inn.');
    expect(cast.find((p) => p.name === 'Jun')?.card?.description).toBe('A courier, always late.');
    expect(report.name).toBe('Hearth - 2023-7-21');
    expect(report.messages).toBe(8);
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/hidden messages.*line 7/),
        expect.stringMatching(/system messages.*line 9/),
      ]),
    );
    expect(report.converted.join('\n')).toMatch(/the group “Hearth”: 3 members, 1 muted/);
  });

  it('[GC2] a PNG card gives its member its picture; a member the group lists who never speaks is in the story, not there where muted', () => {
    const pell = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { name: 'Pell', description: 'Says nothing.' },
    };
    const withPell = {
      ...GROUP,
      members: [...GROUP.members, 'pell_card.png'],
      disabled_members: ['pell_card.png'],
    };
    const { doc, report } = load({
      companions: [
        { name: 'Hearth.json', bytes: enc.encode(JSON.stringify(withPell)) },
        { name: 'pell_card.png', bytes: png([tEXt('chara', b64(pell))]) },
        { name: 'notes.txt', bytes: enc.encode('not a card') },
      ],
    });
    const p = listParticipants(doc).find((x) => x.name === 'Pell');
    expect(p).toMatchObject({ kind: 'character', present: false, card: { description: 'Says nothing.' } });
    expect(p?.avatar).toMatch(/^data:image\/png;base64,/);
    expect(report.group?.members).toEqual(['Mara', 'Oskar', 'Jun', 'Pell']);
    expect(report.group?.whoWasThere.stretches.every((s) => s.absent.includes('Pell'))).toBe(true);
    expect(report.warnings.join('\n')).toMatch(/notes\.txt/);
    expect(transcripts(doc).Pell).toEqual([]);
  });

  it('[GC3] the defaults from the group file: Jun absent before it first speaks, muted Oskar after its last message', () => {
    const { report } = load();
    expect(report.group).toEqual({
      members: ['Mara', 'Oskar', 'Jun'],
      muted: ['Oskar'],
      whoWasThere: {
        stretches: [
          { from: 0, absent: ['Jun'] },
          { from: 5, absent: ['Oskar', 'Jun'] },
          { from: 6, absent: ['Oskar'] },
        ],
      },
    });
  });

  it('[GC4][P3] each character’s transcript holds only what it perceived; one absent at the end is not in the scene', () => {
    const { doc } = load();
    const t = transcripts(doc);
    expect(t.Alex).toEqual(EVERY_TURN);
    expect(t.Mara).toEqual(EVERY_TURN);
    expect(t.Jun).toEqual(['Jun: Did I miss much?', 'Alex: Not much.']);
    expect(t.Oskar).toEqual(EVERY_TURN.slice(0, 5));
    const present = Object.fromEntries(listParticipants(doc).map((p) => [p.name, p.present]));
    expect(present).toEqual({ Alex: true, Mara: true, Oskar: false, Jun: true });
  });

  it('[GC3][GC4] a stretch set by hand: Oskar away for messages 2–4 only perceives the rest', () => {
    const whoWasThere: WhoWasThere = {
      stretches: [
        { from: 0, absent: [] },
        { from: 2, absent: ['Oskar'] },
        { from: 4, absent: [] },
      ],
    };
    const t = transcripts(load({ whoWasThere }).doc);
    // Its own turn in the stretch stays its own: an author always perceives what it wrote.
    expect(t.Oskar).toEqual(EVERY_TURN.filter((e) => e !== 'Alex: Thanks, both.' && e !== 'Mara: Sit.'));
    expect(t.Jun).toEqual(EVERY_TURN);
  });

  it('[GC4][I7] projected later: an absent member is owed no view of what it missed', () => {
    const { doc } = load({ chat: 'project-later' });
    const views = createStoryViews(doc);
    const id = (name: string) => listParticipants(doc).find((p) => p.name === name)?.id as string;
    expect(views.missing(id('Jun')).length).toBe(1);
    expect(views.missing(id('Mara')).length).toBe(5);
    expect(views.missing(id('Oskar')).length).toBe(3);
    views.dispose();
  });

  it('[GC5] who was there is checked: a name not a member, stretches out of order, a stretch past the end are refused', () => {
    const refused = (whoWasThere: unknown) => {
      const r = readImport(enc.encode(CHAT), 'c.jsonl', {
        language: 'en',
        newId: () => 'x',
        importedAt: '2025-01-01T00:00:00.000Z',
        companions: files,
        whoWasThere,
      });
      return r.ok ? '' : r.reason;
    };
    expect(refused({ stretches: [{ from: 0, absent: ['Alex'] }] })).toMatch(/Alex is not a member/);
    expect(
      refused({
        stretches: [
          { from: 0, absent: [] },
          { from: 0, absent: [] },
        ],
      }),
    ).toMatch(/not stretches of messages in order/);
    expect(refused({ stretches: [{ from: 1, absent: [] }] })).toMatch(/not stretches of messages in order/);
    expect(
      refused({
        stretches: [
          { from: 0, absent: [] },
          { from: 8, absent: [] },
        ],
      }),
    ).toMatch(/after the last/);
    expect(refused({ stretches: 'all' })).toMatch(/who was there/);
  });

  it('[GC3] defaults: members who speak in the first round are there from the start', () => {
    const p = defaultWhoWasThere({
      speakers: ['A', 'B', 'U', 'A', 'C', 'B'],
      members: ['A', 'B', 'C'],
      muted: [],
    });
    expect(p).toEqual({ stretches: [{ from: 0, absent: [] }] });
  });

  it('[GC1] a group file imported alone is declined in one line', () => {
    const r = readImport(enc.encode(JSON.stringify(GROUP)), 'Hearth.json', {
      language: 'en',
      newId: () => 'x',
      importedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(r.ok ? '' : r.reason).toMatch(/group file: choose it together with the group’s chat/);
  });

  it('[GC6] a 10,000-message group chat imports through the app’s entry in one pass', () => {
    const names = ['Mara', 'Oskar', 'Jun', 'Alex'];
    const text = Array.from({ length: 10_000 }, (_, i) =>
      JSON.stringify(line(names[i % 4] as string, `Message ${i}.`, i % 40)),
    ).join('\n');
    const started = performance.now();
    const r = readImport(enc.encode(text), 'long.jsonl', {
      language: 'en',
      newId: (() => {
        let n = 0;
        return () => `id${++n}`;
      })(),
      importedAt: '2025-01-01T00:00:00.000Z',
      chat: 'project-later',
      companions: files,
    });
    const ms = performance.now() - started;
    if (!r.ok || r.kind !== 'chat') throw new Error('not imported');
    expect(r.report.messages).toBe(10_000);
    // Not asserted: a figure for the report (the README quotes it).
    process.stdout.write(`10,000-message group chat imported in ${Math.round(ms)} ms\n`);
  });
});

// The assistant mechanism's pure parts: the lorebook tools' checks, Apply made again against the book
// as it is then, a restore under a new id, a chat that does not parse, and the JSON fallback's reader.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { putLorebook, readLorebook } from '../../src/driver/doc/library-worlds.ts';
import { readAssistantChat, writeAssistantChat } from '../../src/driver/doc/assistant-chats.ts';
import { listTrash } from '../../src/driver/doc/library-trash.ts';
import { lorebookTools } from '../../src/driver/assistant/lorebook/lorebook-tools.ts';
import { findTool } from '../../src/driver/assistant/tools.ts';
import { restoreTrashed } from '../../src/driver/assistant/decisions.ts';
import { readFallbackAnswer } from '../../src/driver/assistant/fallback.ts';

function setup() {
  const doc = new Y.Doc();
  putLorebook(doc, {
    id: 'b',
    name: 'Eldoria',
    entries: [{ id: 'velmar', title: 'Velmar', keys: ['Velmar'], content: 'A port city.' }],
  });
  let n = 0;
  const tools = lorebookTools({
    doc,
    bookId: 'b',
    subject: 'lorebook:b',
    language: 'en',
    clock: () => 1000 + n,
    newId: () => `id-${++n}`,
  });
  const write = (name: string) => {
    const tool = findTool(tools, name);
    if (tool?.kind !== 'write') throw new Error(name);
    return tool;
  };
  return { doc, tools, write };
}

describe('lorebook tools', () => {
  it('[AS3] refuses arguments naming the field, and an entry that could never fire', () => {
    const { write } = setup();
    expect(write('create_entry').propose({ keys: ['x'] })).toEqual({
      ok: false,
      error: expect.stringMatching(/^Invalid arguments: content:/),
    });
    expect(write('edit_entry').propose({ id: 'velmar', keys: [] })).toMatchObject({
      ok: false,
      error: expect.stringContaining('at least one key'),
    });
    expect(write('delete_entry').propose({ id: 'nope' })).toEqual({
      ok: false,
      error: 'No entry nope in the lorebook.',
    });
  });

  it('[AS3] Apply is checked against the book as it is then', () => {
    const { doc, write } = setup();
    const proposed = write('edit_entry').propose({ id: 'velmar', content: 'A burned city.' });
    if (!proposed.ok) throw new Error(proposed.error);
    expect(proposed.change).toMatchObject({ action: 'edit', label: 'Velmar' });
    expect(proposed.change.before).toContain('A port city.');
    expect(proposed.change.after).toContain('A burned city.');
    putLorebook(doc, { id: 'b', name: 'Eldoria', entries: [] });
    expect(proposed.change.apply()).toEqual({ ok: false, error: 'No entry velmar in the lorebook.' });
    expect(readLorebook(doc, 'b')?.entries).toEqual([]);
  });

  it('[AS2] a create keeps the id chosen when proposed, so Apply writes what was shown', () => {
    const { doc, write } = setup();
    const proposed = write('create_entry').propose({ keys: ['dragon'], content: 'Dragons.' });
    if (!proposed.ok) throw new Error(proposed.error);
    expect(proposed.args).toMatchObject({ id: 'id-1' });
    const again = write('create_entry').propose(proposed.args);
    if (!again.ok) throw new Error(again.error);
    expect(again.change.apply()).toEqual({ ok: true });
    expect(readLorebook(doc, 'b')?.entries.map((e) => e.id)).toEqual(['velmar', 'id-1']);
  });

  it('[AS4] a restored entry whose id was taken meanwhile comes back under a new one', () => {
    const { doc, write } = setup();
    const del = write('delete_entry').propose({ id: 'velmar' });
    if (!del.ok) throw new Error(del.error);
    expect(del.change.apply()).toEqual({ ok: true });
    const [trashed] = listTrash(doc, 'lorebook:b');
    putLorebook(doc, { id: 'b', name: 'Eldoria', entries: [{ id: 'velmar', keys: ['V'], content: 'New.' }] });
    expect(restoreTrashed(doc, trashed!.id, () => 'fresh')).toEqual({ ok: true });
    expect(readLorebook(doc, 'b')?.entries.map((e) => [e.id, e.content])).toEqual([
      ['velmar', 'New.'],
      ['fresh', 'A port city.'],
    ]);
  });
});

describe('the chat record and the JSON fallback', () => {
  it('[AS1] a chat that does not parse reads as a new empty one', () => {
    const doc = new Y.Doc();
    doc.getMap('assistantChats').set('lorebook:b', { subject: 'lorebook:b', messages: 'garbage' });
    expect(readAssistantChat(doc, 'lorebook:b')).toEqual({
      subject: 'lorebook:b',
      automatic: false,
      messages: [],
      proposals: [],
    });
    writeAssistantChat(doc, { ...readAssistantChat(doc, 'lorebook:b'), automatic: true });
    expect(readAssistantChat(doc, 'lorebook:b').automatic).toBe(true);
  });

  it('[AS6] reads {say, calls} and refuses anything else', () => {
    expect(readFallbackAnswer('{"say":"Hi","calls":[{"tool":"list_entries"}]}', (i) => `c${i}`)).toEqual({
      ok: true,
      say: 'Hi',
      calls: [{ id: 'c0', name: 'list_entries', arguments: '{}' }],
    });
    expect(readFallbackAnswer('Sure, here you go', () => 'x').ok).toBe(false);
    expect(readFallbackAnswer('{"calls":[{"args":{}}]}', () => 'x').ok).toBe(false);
  });
});

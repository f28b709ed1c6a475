// A trashed prompt restored over a path that holds another text now: refused with the reason, and
// both texts kept (the one there and the one in the trash); over the same text, or an empty path, it
// comes back. For a preset's prompt and a world's alike.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { putPreset, readPreset } from '../../src/driver/doc/library-presets.ts';
import { putWorld, readWorld } from '../../src/driver/doc/library-worlds.ts';
import { putInTrash, readTrashed } from '../../src/driver/doc/library-trash.ts';
import { restoreTrashed } from '../../src/driver/assistant/decisions.ts';

const PATH = 'en/roleplay/style';
const OLD = 'Write in short, vivid sentences.';
const NEW = 'Write like a sea shanty.';
const newId = () => 'fresh';

function presetWithTrash(now: string | undefined): Y.Doc {
  const doc = new Y.Doc();
  putPreset(doc, { id: 'noir', title: 'Noir', prompts: new Map(now === undefined ? [] : [[PATH, now]]) });
  putInTrash(doc, {
    id: 't1',
    subject: 'preset:noir',
    at: 1,
    kind: 'preset-prompt',
    presetId: 'noir',
    path: PATH,
    text: OLD,
  });
  return doc;
}

function worldWithTrash(now: string | undefined): Y.Doc {
  const doc = new Y.Doc();
  putWorld(doc, { id: 'w', name: 'Eldoria', prompts: now === undefined ? {} : { [PATH]: now } });
  putInTrash(doc, {
    id: 't1',
    subject: 'world:w',
    at: 1,
    kind: 'world-prompt',
    worldId: 'w',
    path: PATH,
    text: OLD,
  });
  return doc;
}

describe('a trashed prompt restored over another text', () => {
  it("[AM6] a preset's prompt is not written over the text its path holds now", () => {
    const doc = presetWithTrash(NEW);
    expect(restoreTrashed(doc, 't1', newId)).toEqual({ ok: false, code: 'taken', detail: PATH });
    expect(readPreset(doc, 'noir')?.prompts.get(PATH)).toBe(NEW);
    expect(readTrashed(doc, 't1')).toMatchObject({ text: OLD });
    // Where the path holds nothing, it comes back.
    const emptied = presetWithTrash(undefined);
    expect(restoreTrashed(emptied, 't1', newId)).toEqual({ ok: true });
    expect(readPreset(emptied, 'noir')?.prompts.get(PATH)).toBe(OLD);
  });

  it("[AM6] a world's prompt is not written over the text its path holds now", () => {
    const doc = worldWithTrash(NEW);
    expect(restoreTrashed(doc, 't1', newId)).toEqual({ ok: false, code: 'taken', detail: PATH });
    expect(readWorld(doc, 'w')?.prompts[PATH]).toBe(NEW);
    expect(readTrashed(doc, 't1')).toMatchObject({ text: OLD });
  });

  it('[AM6] over the same text, restoring just empties the trash', () => {
    const doc = presetWithTrash(OLD);
    expect(restoreTrashed(doc, 't1', newId)).toEqual({ ok: true });
    expect(readPreset(doc, 'noir')?.prompts.get(PATH)).toBe(OLD);
    expect(readTrashed(doc, 't1')).toBeUndefined();
  });
});

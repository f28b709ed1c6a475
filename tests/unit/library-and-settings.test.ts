// The library doc (stories by last activity, characters, personas) and device-local settings, which
// never enter a Y.Doc or an export (D10).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  hasStoryEntry,
  listCharacters,
  listPersonas,
  listStories,
  putCharacter,
  putPersona,
  putStoryEntry,
  removeStoryEntry,
  touchStory,
} from '../../src/driver/doc/library-doc.ts';
import {
  DEFAULT_DEVICE_SETTINGS,
  parseDeviceSettings,
  profileFor,
  type DeviceSettings,
} from '../../src/workers/store/device-settings.ts';
import { memorySettings } from '../support/memory-settings.ts';
import { metaMap } from '../../src/driver/doc/story-doc.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { JANE, USER, isoAt, makeStory } from '../support/story-fixture.ts';

const API_KEY = 'sk-test-DO-NOT-SYNC-4f9a1c';
const SYNC_TOKEN = 'room-token-DO-NOT-SYNC-77';
const SHARED_TOKEN = 'shared-story-token-DO-NOT-SYNC-31';

const SETTINGS: DeviceSettings = {
  version: 1,
  uiLanguage: 'zh',
  profiles: [
    {
      id: 'ollama',
      label: 'Ollama',
      kind: 'openai',
      baseURL: 'http://localhost:11434/v1',
      apiKey: API_KEY,
      model: 'qwen3',
    },
    { id: 'local', label: 'In the browser', kind: 'webllm', model: 'Qwen3-0.6B-q4f16_1-MLC' },
  ],
  operations: { default: 'ollama', projector: 'local' },
  storyOperations: { 'story-1': { actor: 'local' } },
  sync: { serverURL: 'wss://sync.example.org/', token: SYNC_TOKEN },
  sharedStories: [{ room: 'story-9', serverURL: 'https://friend.example.org/', token: SHARED_TOKEN }],
};

describe('library', () => {
  it('lists stories most recently active first; touching a story moves it up', () => {
    const lib = new Y.Doc();
    putStoryEntry(lib, { id: 'a', title: 'A', createdAt: isoAt(0), lastActivity: isoAt(3) });
    putStoryEntry(lib, { id: 'b', title: 'B', createdAt: isoAt(1), lastActivity: isoAt(7) });
    putStoryEntry(lib, { id: 'c', title: 'C', createdAt: isoAt(2), lastActivity: isoAt(5) });
    expect(listStories(lib).map((s) => s.id)).toEqual(['b', 'c', 'a']);
    touchStory(lib, 'a', isoAt(9));
    expect(listStories(lib).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(listStories(lib)[0]).toEqual({
      id: 'a',
      title: 'A',
      createdAt: isoAt(0),
      lastActivity: isoAt(9),
      participants: [],
    });
    removeStoryEntry(lib, 'b');
    expect(listStories(lib).map((s) => s.id)).toEqual(['a', 'c']);
    // A generation ending after its story was deleted does not bring an entry back.
    touchStory(lib, 'b', isoAt(10));
    expect(hasStoryEntry(lib, 'b')).toBe(false);
  });

  it('skips malformed entries instead of breaking the list', () => {
    const lib = new Y.Doc();
    putStoryEntry(lib, { id: 'a', title: 'A', createdAt: isoAt(0), lastActivity: isoAt(1) });
    // An entry with no title (as an older or damaged peer could write): not a story.
    const ghost = new Y.Map<unknown>();
    ghost.set('lastActivity', isoAt(2));
    lib.getMap('stories').set('ghost', ghost);
    expect(listStories(lib).map((s) => s.id)).toEqual(['a']);
    expect(() => putStoryEntry(lib, { id: '', title: 'x', createdAt: '', lastActivity: '' })).toThrow();
  });

  it('[SV19] an entry says which server a joined story came from; an older entry or a malformed one reads as the person’s own', () => {
    const lib = new Y.Doc();
    const at = { createdAt: isoAt(0), lastActivity: isoAt(1) };
    putStoryEntry(lib, { id: 'joined', title: 'J', ...at, joinedFrom: 'http://friend.example:4444/' });
    putStoryEntry(lib, { id: 'old', title: 'O', ...at });
    putStoryEntry(lib, { id: 'odd', title: 'D', ...at });
    lib.getMap<Y.Map<unknown>>('stories').get('odd')?.set('joinedFrom', 42);
    const from = Object.fromEntries(listStories(lib).map((s) => [s.id, s.joinedFrom]));
    expect(from).toEqual({ joined: 'http://friend.example:4444/', old: undefined, odd: undefined });
  });

  it('keeps characters and personas sorted by name, updating in place by id', () => {
    const lib = new Y.Doc();
    putCharacter(lib, { id: 'c2', name: 'Jess', card: { personality: 'Wary.' } });
    putCharacter(lib, { id: 'c1', name: ' Jane ', card: { description: 'A guard.' } });
    expect(listCharacters(lib)).toEqual([
      { id: 'c1', name: 'Jane', card: { description: 'A guard.' }, books: [], greetings: [] },
      { id: 'c2', name: 'Jess', card: { personality: 'Wary.' }, books: [], greetings: [] },
    ]);
    putCharacter(lib, { id: 'c1', name: 'Zoe', card: { description: 'A guard, renamed.' } });
    expect(listCharacters(lib).map((c) => [c.id, c.name])).toEqual([
      ['c2', 'Jess'],
      ['c1', 'Zoe'],
    ]);
    putPersona(lib, { id: 'p2', name: 'Scholar', persona: 'Curious.' });
    putPersona(lib, { id: 'p1', name: 'Knight', persona: 'Proud.' });
    expect(listPersonas(lib).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(() => putPersona(lib, { id: 'p3', name: '  ', persona: 'x' })).toThrow();
  });
});

const DEFAULTS = {
  version: 1,
  uiLanguage: 'en',
  profiles: [],
  operations: {},
  storyOperations: {},
  sharedStories: [],
};

describe('[D10] device settings', () => {
  it("[D10] an operation uses the story's profile, then the operation's, then the default", () => {
    expect(profileFor(SETTINGS, 'story-1', 'actor')?.id).toBe('local');
    expect(profileFor(SETTINGS, 'story-1', 'projector')?.id).toBe('local');
    expect(profileFor(SETTINGS, 'story-1', 'selector')?.id).toBe('ollama');
    expect(profileFor(SETTINGS, 'other', 'actor')?.id).toBe('ollama');
    expect(profileFor(DEFAULT_DEVICE_SETTINGS, 'other', 'actor')).toBeUndefined();
  });

  it('[D10] round-trip through the device settings store', async () => {
    const store = memorySettings();
    expect(await store.read()).toEqual(DEFAULTS);
    await store.write(SETTINGS);
    expect(await store.read()).toEqual(SETTINGS);
    expect(store.problem()).toBeNull();
  });

  it('[D10] fills defaults for omitted fields', () => {
    expect(parseDeviceSettings(JSON.stringify({ profiles: [{ id: 'w', kind: 'webllm' }] }))).toEqual({
      ok: true,
      settings: { ...DEFAULTS, profiles: [{ id: 'w', label: '', kind: 'webllm', model: '' }] },
    });
  });

  it('[D10] stored text that cannot be used gives the defaults, and the store says what was wrong until a save', async () => {
    const broken = memorySettings('{not json');
    expect(await broken.read()).toEqual(DEFAULTS);
    expect(broken.problem()).toEqual({ code: 'not-json' });
    await broken.write(SETTINGS);
    expect(broken.problem()).toBeNull();
    for (const bad of [
      { profiles: [{ id: 'x', kind: 'openai', baseURL: 'not a url' }] },
      { profiles: [{ id: 'x', kind: 'llamafile' }] },
      { version: 2 },
      { uiLanguage: 'fr' },
      [],
    ]) {
      const store = memorySettings(JSON.stringify(bad));
      expect(await store.read()).toEqual(DEFAULTS);
      expect(store.problem()).toMatchObject({ code: 'invalid', issue: expect.any(String) });
    }
  });

  it('[D10] saved API keys and tokens never appear in a story doc, a library doc or an export', async () => {
    await memorySettings().write(SETTINGS);
    const f = makeStory();
    const t = f.say(USER, 'I knock.');
    f.projectAll(t);
    f.say(JANE, 'I open.', { origin: 'generated' });
    const lib = new Y.Doc();
    putStoryEntry(lib, { id: f.doc.guid, title: 'The gate', createdAt: isoAt(0), lastActivity: isoAt(1) });
    putCharacter(lib, { id: 'c1', name: 'Jane', card: {} });
    const bytes = (d: Y.Doc) => Buffer.from(Y.encodeStateAsUpdate(d)).toString('latin1');
    for (const secret of [API_KEY, SYNC_TOKEN, SHARED_TOKEN]) {
      expect(bytes(f.doc)).not.toContain(secret);
      expect(bytes(lib)).not.toContain(secret);
      expect(JSON.stringify(exportStory(f.doc))).not.toContain(secret);
    }
    // The byte check does see a string that is in a doc.
    metaMap(f.doc).set('title', `title ${API_KEY}`);
    expect(bytes(f.doc)).toContain(API_KEY);
  });

  it('[D10] the settings module has no path into a document', () => {
    const importsOf = (file: string) =>
      [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)].map(
        (m) => m[1],
      );
    // zod, the sync protocol's constants and the backend profile's schema (src/backends/profile.ts),
    // which imports zod and the request deadline's bounds; those two import nothing at all.
    expect(importsOf('../../src/workers/store/device-settings.ts')).toEqual([
      'zod',
      '../../../sync-server/protocol.ts',
      '../../backends/profile.ts',
    ]);
    expect(importsOf('../../src/backends/profile.ts')).toEqual(['zod', '../driver/request-deadline.ts']);
    expect(importsOf('../../sync-server/protocol.ts')).toEqual([]);
    expect(importsOf('../../src/driver/request-deadline.ts')).toEqual([]);
  });
});

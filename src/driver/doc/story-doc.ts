// Typed access to the top level of a story Y.Doc: meta, settings, and the schema-version hook.
// Only src/driver/doc knows Yjs key names; everything else goes through these functions.
import * as Y from 'yjs';
import {
  DEFAULT_STORY_SETTINGS,
  STORY_SCHEMA_VERSION,
  languageSchema,
  storyGenerationSchema,
  storySamplingSchema,
  storySettingsSchema,
  type StoryGeneration,
  type StoryGenerationPatch,
  type Language,
  type StoryMeta,
  type StorySampling,
  type StorySettings,
} from './schema.ts';
import { storySetOf } from './story-set.ts';
import { LEAF_META_KEY, SEGMENTED_SCHEMA_VERSION, leafOf } from './segment-meta.ts';

export const KEY = {
  meta: 'meta',
  participants: 'participants',
  turns: 'turns',
  prompts: 'prompts',
  settings: 'settings',
  preset: 'preset',
  promptTrash: 'promptTrash',
  world: 'world',
  lore: 'lore',
} as const;

export const metaMap = (doc: Y.Doc) => doc.getMap<unknown>(KEY.meta);
export const participantsMap = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(KEY.participants);
export const turnsMap = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(KEY.turns);

export interface NewStory {
  title: string;
  language: Language;
  createdAt: string;
  settings?: Partial<StorySettings>;
}

/**
 * Writes the meta of a new story into an empty doc. The doc's guid is the story id. With its story
 * set registered first, it is a segmented story's root (schema 2: its leaf is `meta.leaf`).
 */
export function createStory(doc: Y.Doc, story: NewStory, origin?: unknown): void {
  const segmented = storySetOf(doc) !== undefined;
  doc.transact(() => {
    const meta = metaMap(doc);
    meta.set('schemaVersion', segmented ? SEGMENTED_SCHEMA_VERSION : STORY_SCHEMA_VERSION);
    meta.set('title', story.title);
    meta.set('language', story.language);
    meta.set('createdAt', story.createdAt);
    meta.set(segmented ? LEAF_META_KEY : 'activeLeaf', null);
    const settings = new Y.Map<unknown>();
    for (const [k, v] of Object.entries({ ...DEFAULT_STORY_SETTINGS, ...story.settings })) settings.set(k, v);
    meta.set(KEY.settings, settings);
  }, origin);
}

function settingsMap(doc: Y.Doc): Y.Map<unknown> {
  const s = metaMap(doc).get(KEY.settings);
  if (s instanceof Y.Map) return s;
  throw new Error('story document has no settings map: was it created with createStory?');
}

/** The stored settings as a record, and the keys a peer wrote that do not parse. */
function storedSettings(doc: Y.Doc): { raw: Record<string, unknown>; unreadable: string[] } {
  const s = metaMap(doc).get(KEY.settings);
  const raw: Record<string, unknown> = s instanceof Y.Map ? s.toJSON() : {};
  const parsed = storySettingsSchema.safeParse(raw);
  if (parsed.success) return { raw, unreadable: [] };
  return { raw, unreadable: [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))] };
}

/** The story's settings; one a peer wrote wrong reads as unset (its default), the others as stored. */
export function readSettings(doc: Y.Doc): StorySettings {
  const { raw, unreadable } = storedSettings(doc);
  const kept = Object.fromEntries(Object.entries(raw).filter(([k]) => !unreadable.includes(k)));
  return storySettingsSchema.catch(DEFAULT_STORY_SETTINGS).parse(kept);
}

/** What of the meta cannot be read (each field read as its default instead): codes, never words. */
export type MetaField = 'title' | 'language' | 'createdAt' | 'activeLeaf' | 'schemaVersion' | 'settings';

/** The meta fields a peer wrote with a wrong type; absent ones (not synced yet) are not among them. */
export function unreadableMeta(doc: Y.Doc): MetaField[] {
  const meta = metaMap(doc);
  const wrong = (key: string, sound: (v: unknown) => boolean) => meta.has(key) && !sound(meta.get(key));
  const fields: MetaField[] = [];
  if (wrong('title', (v) => typeof v === 'string')) fields.push('title');
  if (wrong('language', (v) => languageSchema.safeParse(v).success)) fields.push('language');
  if (wrong('createdAt', (v) => typeof v === 'string')) fields.push('createdAt');
  if (wrong('activeLeaf', (v) => v === null || typeof v === 'string')) fields.push('activeLeaf');
  // A segmented story's leaf is its own value; a wrong one reads as none, as a wrong `activeLeaf` does.
  else if (storySetOf(doc) && wrong(LEAF_META_KEY, (v) => v === null || leafOf(v) !== null))
    fields.push('activeLeaf');
  if (wrong('schemaVersion', (v) => Number.isInteger(v))) fields.push('schemaVersion');
  const settings = meta.get(KEY.settings);
  if ((meta.has(KEY.settings) && !(settings instanceof Y.Map)) || storedSettings(doc).unreadable.length)
    fields.push('settings');
  return fields;
}

/** The story's own sampling: only the settings it has set. */
export function readStorySampling(doc: Y.Doc): StorySampling {
  return storySamplingSchema.parse(readSettings(doc));
}

/** What the story sets of its actor's requests: sampling, reply limit, stop strings. */
export function readStoryGeneration(doc: Y.Doc): StoryGeneration {
  return storyGenerationSchema.parse(readSettings(doc));
}

/** Changes some of the story's generation settings: null unsets one, a key left out stays as it is. */
export function patchStoryGeneration(doc: Y.Doc, patch: StoryGenerationPatch, origin?: unknown): void {
  doc.transact(() => {
    const s = settingsMap(doc);
    for (const key of storyGenerationSchema.keyof().options) {
      const value = patch[key];
      if (value === null) s.delete(key);
      else if (value !== undefined) s.set(key, value);
    }
  }, origin);
}

export function updateSettings(doc: Y.Doc, patch: Partial<StorySettings>, origin?: unknown): void {
  doc.transact(() => {
    const s = settingsMap(doc);
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) s.set(k, v);
  }, origin);
}

export function readMeta(doc: Y.Doc): StoryMeta {
  const meta = metaMap(doc);
  const leaf = storySetOf(doc) ? (leafOf(meta.get(LEAF_META_KEY))?.id ?? null) : meta.get('activeLeaf');
  const text = (key: string) => {
    const v = meta.get(key);
    return typeof v === 'string' ? v : '';
  };
  const version = meta.get('schemaVersion');
  return {
    id: doc.guid,
    schemaVersion: typeof version === 'number' ? version : 0,
    title: text('title'),
    language: languageSchema.catch('en').parse(meta.get('language')),
    createdAt: text('createdAt'),
    activeLeaf: typeof leaf === 'string' ? leaf : null,
    settings: readSettings(doc),
  };
}

export function setLanguage(doc: Y.Doc, language: Language, origin?: unknown): void {
  doc.transact(() => metaMap(doc).set('language', language), origin);
}

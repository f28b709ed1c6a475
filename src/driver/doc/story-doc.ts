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

/** Writes the meta of a new story into an empty doc. The doc's guid is the story id. */
export function createStory(doc: Y.Doc, story: NewStory, origin?: unknown): void {
  doc.transact(() => {
    const meta = metaMap(doc);
    meta.set('schemaVersion', STORY_SCHEMA_VERSION);
    meta.set('title', story.title);
    meta.set('language', story.language);
    meta.set('createdAt', story.createdAt);
    meta.set('activeLeaf', null);
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

export function readSettings(doc: Y.Doc): StorySettings {
  const s = metaMap(doc).get(KEY.settings);
  return storySettingsSchema.parse(s instanceof Y.Map ? s.toJSON() : {});
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
  const leaf = meta.get('activeLeaf');
  return {
    id: doc.guid,
    schemaVersion: Number(meta.get('schemaVersion') ?? 0),
    title: String(meta.get('title') ?? ''),
    language: languageSchema.catch('en').parse(meta.get('language')),
    createdAt: String(meta.get('createdAt') ?? ''),
    activeLeaf: typeof leaf === 'string' ? leaf : null,
    settings: readSettings(doc),
  };
}

export function setLanguage(doc: Y.Doc, language: Language, origin?: unknown): void {
  doc.transact(() => metaMap(doc).set('language', language), origin);
}

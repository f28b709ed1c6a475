// Presets in the library doc: `presets` id → Y.Map { title, description, sampling, prompts: Y.Map
// '<lang>/<group>/<name>' → Y.Text }. A reusable set of writing instructions and suggested sampling.
import * as Y from 'yjs';
import { z } from 'zod';
import { temperatureSchema, topPSchema } from './schema.ts';
import { promptPathSchema, readPromptTexts, writePromptText, type PromptEdit } from './prompt-overrides.ts';

const KEY = { presets: 'presets', prompts: 'prompts' } as const;

/**
 * Suggested creative sampling, as the spec's preset.json has it: `characters` and `topP` are the
 * actor's (copied into a story when applied), `master` the game master's, which Rashomon does not
 * have (kept and shown, used by no operation: `../presets/sampling.ts`).
 */
export const samplingSchema = z.strictObject({
  master: temperatureSchema.optional(),
  characters: temperatureSchema.optional(),
  topP: topPSchema.optional(),
});
export type Sampling = z.infer<typeof samplingSchema>;

export const presetInfoSchema = z.object({
  id: z.string().min(1),
  title: z.string().trim().min(1),
  description: z.string().default(''),
  sampling: samplingSchema.default({}),
});
export type PresetInfo = z.infer<typeof presetInfoSchema>;
export type PresetInfoInput = z.input<typeof presetInfoSchema>;

export interface Preset extends PresetInfo {
  /** '<lang>/<group>/<name>' → text. */
  prompts: ReadonlyMap<string, string>;
}

const presetsMap = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(KEY.presets);

function promptsOf(entry: Y.Map<unknown>): Y.Map<Y.Text> {
  const prompts = entry.get(KEY.prompts);
  if (prompts instanceof Y.Map) return prompts as Y.Map<Y.Text>;
  const fresh = new Y.Map<Y.Text>();
  entry.set(KEY.prompts, fresh);
  return fresh;
}

export type PresetWriteResult = { ok: true } | { ok: false; code: 'invalid' | 'missing'; detail: string };

const invalid = (error: z.ZodError): PresetWriteResult => {
  const issue = error.issues[0];
  return { ok: false, code: 'invalid', detail: `${issue?.path.join('.') || 'value'}: ${issue?.message}` };
};

/** Creates a preset or updates its title, description and sampling; `prompts`, when given, are written too. */
export function putPreset(
  doc: Y.Doc,
  input: PresetInfoInput & { prompts?: ReadonlyMap<string, string> },
  origin?: unknown,
): PresetWriteResult {
  const parsed = presetInfoSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  for (const path of input.prompts?.keys() ?? []) {
    const valid = promptPathSchema.safeParse(path);
    if (!valid.success) return invalid(valid.error);
  }
  const { id, ...info } = parsed.data;
  doc.transact(() => {
    const map = presetsMap(doc);
    const entry = map.get(id) ?? new Y.Map<unknown>();
    if (!map.has(id)) map.set(id, entry);
    entry.set('title', info.title);
    entry.set('description', info.description);
    entry.set('sampling', info.sampling);
    const prompts = promptsOf(entry);
    for (const [path, text] of input.prompts ?? []) writePromptText(prompts, path, text);
  }, origin);
  return { ok: true };
}

/** What the person edits of a preset on the Presets page: its title and description. */
export const presetDescriptionSchema = presetInfoSchema.pick({ title: true, description: true }).strict();
export type PresetDescription = z.input<typeof presetDescriptionSchema>;

/** Retitles or redescribes an existing preset; its sampling and prompts stay as they are. */
export function describePreset(
  doc: Y.Doc,
  id: string,
  input: PresetDescription,
  origin?: unknown,
): PresetWriteResult {
  const entry = presetsMap(doc).get(id);
  if (!entry) return { ok: false, code: 'missing', detail: `There is no preset ${id}.` };
  const parsed = presetDescriptionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  doc.transact(() => {
    entry.set('title', parsed.data.title);
    entry.set('description', parsed.data.description);
  }, origin);
  return { ok: true };
}

export function readPreset(doc: Y.Doc, id: string): Preset | undefined {
  const entry = presetsMap(doc).get(id);
  if (!entry) return undefined;
  // A malformed entry from an older or foreign peer reads as absent rather than breaking the library.
  const info = presetInfoSchema.safeParse({ id, ...entry.toJSON() });
  if (!info.success) return undefined;
  const prompts = entry.get(KEY.prompts);
  return {
    ...info.data,
    prompts: prompts instanceof Y.Map ? readPromptTexts(prompts as Y.Map<Y.Text>) : new Map(),
  };
}

/** Every readable preset, by title. */
export function listPresets(doc: Y.Doc): Preset[] {
  return [...presetsMap(doc).keys()]
    .flatMap((id) => readPreset(doc, id) ?? [])
    .sort((a, b) => a.title.localeCompare(b.title));
}

export function removePreset(doc: Y.Doc, id: string, origin?: unknown): void {
  doc.transact(() => presetsMap(doc).delete(id), origin);
}

/** Writes one prompt of an existing preset. */
export function setPresetPrompt(
  doc: Y.Doc,
  id: string,
  path: string,
  edit: PromptEdit,
  origin?: unknown,
): PresetWriteResult {
  const entry = presetsMap(doc).get(id);
  if (!entry) return { ok: false, code: 'missing', detail: `There is no preset ${id}.` };
  const valid = promptPathSchema.safeParse(path);
  if (!valid.success) return invalid(valid.error);
  doc.transact(() => writePromptText(promptsOf(entry), path, edit), origin);
  return { ok: true };
}

export function deletePresetPrompt(doc: Y.Doc, id: string, path: string, origin?: unknown): void {
  const prompts = presetsMap(doc).get(id)?.get(KEY.prompts);
  if (prompts instanceof Y.Map) doc.transact(() => prompts.delete(path), origin);
}

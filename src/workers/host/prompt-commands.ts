// Prompt and preset commands: the editor's listing (shipped original, library edit, story override,
// what is used), edits and restores, presets in the library and in a story, SillyTavern import.
import type { PromptsApi } from '../api/prompts.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import type * as Y from 'yjs';
import {
  deletePromptOverride,
  listPromptOverrides,
  readPromptOverride,
  setPromptOverride,
} from '../../driver/doc/prompt-overrides.ts';
import { listPresets, putPreset } from '../../driver/doc/library-presets.ts';
import {
  PROMPT_VARIABLES,
  PROSE_PROMPT_IDS,
  isPromptId,
  promptVariables,
} from '../../driver/prompts/catalogue.ts';
import { resolvePrompts } from '../../driver/prompts/resolve.ts';
import {
  applyPreset,
  reapplyPreset,
  removeStoryPreset,
  type PresetResult,
} from '../../driver/presets/apply.ts';
import { presetStatus } from '../../driver/presets/status.ts';
import { summarisePreset } from '../../driver/presets/summary.ts';
import { importSillyTavernPreset } from '../../driver/presets/sillytavern.ts';
import { readJsonText } from '../../driver/import/json-text.ts';
import type { PromptSet } from '../../driver/prompts/render.ts';
import type { Language } from '../../driver/doc/schema.ts';
import type { PromptEntry, PromptScope, Result } from '../api.ts';
import { isFailure, type HostContext } from './context.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import { workerUiLanguage } from '../i18n/ui-text.ts';
import { z } from 'zod';

type PromptApi = PromptsApi;

/** The prompts a story's requests use: shipped, then the user's library edits, then the story's own. */
export function storyPrompts(shipped: PromptSet, library: Y.Doc, story: Y.Doc): PromptSet {
  return resolvePrompts({ shipped, library: listPromptOverrides(library), story: listPromptOverrides(story) })
    .prompts;
}

const failed = (r: { ok: true } | { ok: false; detail: string }): Result =>
  r.ok ? { ok: true } : { ok: false, code: 'invalid', detail: r.detail };

/** A preset that needs the person's approval says so by its code: the app asks, then sends it again. */
const presetFailed = (r: PresetResult): Result =>
  r.ok || r.code !== 'needs-approval' ? failed(r) : { ok: false, code: r.code, detail: r.detail };

const approvalSchema = z.strictObject({ approveRules: z.boolean().optional() }).default({});

export function promptCommands(ctx: HostContext): PromptApi {
  const iso = () => new Date(ctx.clock()).toISOString();
  const scopeDoc = async (scope: PromptScope) => {
    await ctx.store.ready;
    if (scope.kind === 'library') return ctx.store.library;
    // Prompts live in the root: no turns are read.
    const story = await ctx.story(scope.storyId, true);
    return isFailure(story) ? story : story.doc;
  };

  const importPreset: PromptApi['importSillyTavernPreset'] = async (json, options) => {
    await ctx.store.ready;
    // The prose goes into every shipped language; the report is for the person, in the panel's language.
    const imported = importSillyTavernPreset(json, options);
    if (!imported.ok) return { ok: false, code: 'invalid', detail: imported.detail };
    const presetId = ctx.newId();
    const put = putPreset(ctx.store.library, { id: presetId, ...imported.preset }, DocOrigin.person);
    return put.ok
      ? { ok: true, presetId, report: imported.report }
      : { ok: false, code: 'invalid', detail: put.detail };
  };

  return {
    async listPrompts(language: Language, storyId?: string) {
      await ctx.store.ready;
      const story = storyId === undefined ? undefined : await ctx.story(storyId, true);
      if (story && isFailure(story)) return story;
      const library = listPromptOverrides(ctx.store.library);
      const own = story ? listPromptOverrides(story.doc) : new Map<string, string>();
      // The listing is read by the person: its problems are told in the interface language.
      const ui = (await ctx.settings.read()).uiLanguage;
      const resolved = resolvePrompts({ shipped: ctx.prompts, library, story: own }, ui);
      const prompts: PromptEntry[] = Object.keys(PROMPT_VARIABLES)
        .filter(isPromptId)
        .map((id) => {
          const path = `${language}/${id}`;
          const shipped = ctx.prompts.get(path) ?? ctx.prompts.get(`en/${id}`) ?? '';
          const problem = resolved.problems.find((p) => p.path === path)?.reason;
          return {
            path,
            id,
            language,
            shipped,
            ...(library.has(path) ? { library: library.get(path) } : {}),
            ...(own.has(path) ? { story: own.get(path) } : {}),
            text: resolved.prompts.get(path) ?? shipped,
            from: resolved.from.get(path) ?? 'shipped',
            variables: promptVariables(id),
            prose: PROSE_PROMPT_IDS.includes(id),
            ...(problem ? { problem } : {}),
          };
        });
      return { ok: true, prompts, problems: resolved.problems };
    },

    async setPrompt(scope, path, text) {
      const doc = await scopeDoc(scope);
      if (isFailure(doc)) return doc;
      // Writing the original back is the same as having no edit: keep the layer clean.
      const shipped = ctx.prompts.get(path);
      if (text === shipped && readPromptOverride(doc, path) !== undefined) {
        deletePromptOverride(doc, path, DocOrigin.person);
        return { ok: true };
      }
      return failed(setPromptOverride(doc, path, text, DocOrigin.person));
    },

    async restorePrompt(scope, path) {
      const doc = await scopeDoc(scope);
      if (isFailure(doc)) return doc;
      deletePromptOverride(doc, path, DocOrigin.person);
      return { ok: true };
    },

    async listPresets() {
      await ctx.store.ready;
      const ui = (await ctx.settings.read()).uiLanguage;
      return listPresets(ctx.store.library).map((p) => summarisePreset(p, ui));
    },

    importSillyTavernPreset: importPreset,

    async importSillyTavernPresetText(text, options) {
      const read = readJsonText(text, options.reportLanguage);
      return read.ok ? importPreset(read.json, options) : { ok: false, code: 'invalid', detail: read.reason };
    },

    async storyPreset(storyId) {
      const story = await ctx.story(storyId);
      return isFailure(story) ? story : { ok: true, preset: presetStatus(ctx.store.library, story.doc) };
    },

    async applyPreset(storyId, presetId, options) {
      const approval = safeParseIn(approvalSchema, options, workerUiLanguage());
      if (!approval.success) return { ok: false, code: 'invalid', detail: approval.issues[0]?.message ?? '' };
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const at = iso();
      const opts = { origin: DocOrigin.person, ...approval.data };
      return presetFailed(applyPreset(ctx.store.library, story.doc, presetId, at, opts));
    },

    async reapplyPreset(storyId, options) {
      const approval = safeParseIn(approvalSchema, options, workerUiLanguage());
      if (!approval.success) return { ok: false, code: 'invalid', detail: approval.issues[0]?.message ?? '' };
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const opts = { origin: DocOrigin.person, ...approval.data };
      return presetFailed(reapplyPreset(ctx.store.library, story.doc, iso(), opts));
    },

    async removeStoryPreset(storyId) {
      const story = await ctx.story(storyId);
      return isFailure(story) ? story : failed(removeStoryPreset(story.doc, iso(), DocOrigin.person));
    },
  };
}

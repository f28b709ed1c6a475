// Presets as library things (api/preset-library.ts): a new one from the shipped prose or a world's
// prose, retitled and redescribed, deleted into the library's trash (the stories using it named
// first) and restored from there.
import { z } from 'zod';
import { describePreset, presetDescriptionSchema, putPreset } from '../../driver/doc/library-presets.ts';
import { readWorld } from '../../driver/doc/library-worlds.ts';
import { listStories } from '../../driver/doc/library-doc.ts';
import { readStoryPreset } from '../../driver/doc/story-preset.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import {
  listTrashedPresets,
  restoreTrashedPreset,
  trashPreset,
} from '../../driver/presets/preset-deletion.ts';
import { shippedProse, worldProse } from '../../driver/presets/preset-sources.ts';
import type { PresetLibraryApi } from '../api/preset-library.ts';
import type { Failure, Result } from '../api.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';
import { isFailure, type HostContext } from './context.ts';

const titleSchema = z.string().trim().min(1);
const idSchema = z.string().min(1);

const refused = (detail: string): Failure => ({ ok: false, code: 'invalid', detail });

/** The argument parsed, or the refusal naming why (in the interface language). */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | Failure {
  const parsed = safeParseIn(schema, value, workerUiLanguage());
  return parsed.success
    ? parsed.data
    : refused(uiText('The change was not saved: {reason}', { reason: parsed.issues[0]?.message ?? '' }));
}

const noPreset = (presetId: string): Failure => ({
  ok: false,
  code: 'not-found',
  detail: uiText('The library has no preset {id}.', { id: presetId }),
});

export function presetLibraryCommands(ctx: HostContext): PresetLibraryApi {
  const library = () => ctx.store.library;

  const makePreset = (title: string, prompts: ReadonlyMap<string, string>): Result<{ presetId: string }> => {
    const presetId = ctx.newId();
    const put = putPreset(library(), { id: presetId, title, prompts }, DocOrigin.person);
    return put.ok ? { ok: true, presetId } : refused(put.detail);
  };

  return {
    async newPresetFromShippedProse(title) {
      const parsed = parse(titleSchema, title);
      if (isFailure(parsed)) return parsed;
      await ctx.store.ready;
      return makePreset(parsed, shippedProse(ctx.prompts));
    },

    async savePresetFromWorld(worldId, title) {
      const parsed = parse(z.tuple([idSchema, titleSchema]), [worldId, title]);
      if (isFailure(parsed)) return parsed;
      await ctx.store.ready;
      const world = readWorld(library(), parsed[0]);
      if (!world)
        return {
          ok: false,
          code: 'not-found',
          detail: uiText('The library has no world {id}.', { id: worldId }),
        };
      const prose = worldProse(world);
      if (prose.size === 0)
        return refused(
          uiText('The world carries no prose prompts (persona, style, character style) to save.'),
        );
      return makePreset(parsed[1], prose);
    },

    async describePreset(presetId, description) {
      const parsed = parse(presetDescriptionSchema, description);
      if (isFailure(parsed)) return parsed;
      await ctx.store.ready;
      const r = describePreset(library(), presetId, parsed, DocOrigin.person);
      if (r.ok) return r;
      return r.code === 'missing' ? noPreset(presetId) : refused(r.detail);
    },

    async presetUsers(presetId) {
      const parsed = parse(idSchema, presetId);
      if (isFailure(parsed)) return parsed;
      await ctx.store.ready;
      const stored = new Set(await ctx.store.storedIds());
      const stories: Array<{ id: string; title: string }> = [];
      for (const entry of listStories(library())) {
        if (!stored.has(entry.id)) continue;
        // Only the root is read: a story's preset record lives there.
        const story = await ctx.story(entry.id, true);
        if (!isFailure(story) && readStoryPreset(story.doc)?.presetId === parsed)
          stories.push({ id: entry.id, title: entry.title });
      }
      return { ok: true, stories };
    },

    async deletePreset(presetId) {
      const parsed = parse(idSchema, presetId);
      if (isFailure(parsed)) return parsed;
      await ctx.store.ready;
      const trashId = ctx.newId();
      const r = trashPreset(library(), parsed, { trashId, at: ctx.clock() }, DocOrigin.person);
      return r.ok ? { ok: true, trashId } : noPreset(presetId);
    },

    async deletedPresets() {
      await ctx.store.ready;
      return listTrashedPresets(library()).map((item) => ({
        trashId: item.id,
        title: item.preset.title,
        at: item.at,
      }));
    },

    async restorePreset(trashId) {
      const parsed = parse(idSchema, trashId);
      if (isFailure(parsed)) return parsed;
      await ctx.store.ready;
      const r = restoreTrashedPreset(library(), parsed, DocOrigin.person);
      if (r.ok) return r;
      switch (r.code) {
        case 'unknown':
          return { ok: false, code: 'not-found', detail: uiText('That preset is no longer in the trash.') };
        case 'taken':
          return refused(uiText('A preset with its id is in the library again.'));
        case 'invalid':
          return refused(r.detail ?? '');
      }
    },
  };
}

// A story's generation settings: what its backend gives the actor's requests and what its preset
// suggests (for the story's panel), and changes of the story's own settings, validated.
import { storyGenerationPatchSchema } from '../../driver/doc/schema.ts';
import { patchStoryGeneration } from '../../driver/doc/story-doc.ts';
import { readStoryPreset } from '../../driver/doc/story-preset.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import type { GenerationApi } from '../api/generation.ts';
import { maxTokensFor, profileFor } from '../store/device-settings.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';
import { isFailure, type HostContext } from './context.ts';

export function generationCommands(ctx: HostContext): GenerationApi {
  return {
    async generationDefaults(storyId) {
      const story = await ctx.story(storyId, true);
      if (isFailure(story)) return story;
      const profile = profileFor(await ctx.settings.read(), storyId, 'actor');
      const maxTokens = profile && maxTokensFor(profile, 'actor');
      return {
        ok: true,
        defaults: {
          backend: profile
            ? { label: profile.label, ...profile.sampling, ...(maxTokens !== undefined ? { maxTokens } : {}) }
            : null,
          suggested: readStoryPreset(story.doc)?.sampling.suggested ?? {},
        },
      };
    },
    async setStoryGeneration(storyId, patch) {
      const parsed = safeParseIn(storyGenerationPatchSchema, patch, workerUiLanguage());
      if (!parsed.success)
        return {
          ok: false,
          code: 'invalid',
          detail: uiText('Settings not saved: {reason}', { reason: parsed.issues[0]?.message ?? '' }),
        };
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      patchStoryGeneration(story.doc, parsed.data, DocOrigin.person);
      return { ok: true };
    },
  };
}

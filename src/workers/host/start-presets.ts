// The presets a new story starts with (spec "Presets": the world's suggestion below the world's own
// prompts, the start dialog's choice above them, SPEC PL4): a suggestion that cannot be used is told
// and the story goes on in the default style; a choice that cannot be used refuses the start.
import type * as Y from 'yjs';
import { z } from 'zod';
import { applyPreset } from '../../driver/presets/apply.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import type { World } from '../../driver/doc/world.ts';
import type { Failure } from '../api.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

export const startPresetSchema = z.object({
  /** An id, or null for no preset even when the world suggests one; absent: the world's suggestion. */
  preset: z.string().min(1).nullable().optional(),
  approvePresetRules: z.boolean().optional(),
});
export type StartPresetChoice = z.infer<typeof startPresetSchema>;

/** The start's preset fields, or the refusal naming what is wrong with them. */
export function readStartPresetChoice(input: unknown): StartPresetChoice | Failure {
  const parsed = safeParseIn(startPresetSchema, input, workerUiLanguage());
  return parsed.success
    ? parsed.data
    : {
        ok: false,
        code: 'invalid',
        detail: uiText('The preset of the start cannot be used: {reason}', {
          reason: parsed.issues[0]?.message ?? '',
        }),
      };
}

/** Applies the world's suggestion unless the start chose; the notices say what could not be applied. */
export function applySuggestedPreset(
  library: Y.Doc,
  doc: Y.Doc,
  world: World,
  choice: StartPresetChoice,
  at: string,
): string[] {
  if (choice.preset !== undefined || !world.suggestedPreset) return [];
  const applied = applyPreset(library, doc, world.suggestedPreset, at, {
    approveRules: choice.approvePresetRules ?? false,
  });
  return applied.ok
    ? []
    : [uiText('The preset the world suggests was not applied: {reason}', { reason: applied.detail })];
}

/** Applies the start's chosen preset over everything else; a failure refuses the start. */
export function applyChosenPreset(
  library: Y.Doc,
  doc: Y.Doc,
  choice: StartPresetChoice,
  at: string,
): Failure | undefined {
  if (!choice.preset) return undefined;
  const applied = applyPreset(library, doc, choice.preset, at, {
    approveRules: choice.approvePresetRules ?? false,
  });
  if (applied.ok) return undefined;
  return {
    ok: false,
    code: applied.code === 'needs-approval' ? applied.code : 'invalid',
    detail: applied.detail,
  };
}

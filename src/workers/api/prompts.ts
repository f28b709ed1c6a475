// The part of the worker's API about prompts and a story's preset: the prompt editor's layers, the
// library's presets, a SillyTavern preset imported, and a preset applied to a story. Re-exported by api.ts.
import type { Language } from '../../driver/doc/schema.ts';
import type { PromptFileProblem, PromptLayer } from '../../driver/prompts/resolve.ts';
import type { PresetSummary } from '../../driver/presets/summary.ts';
import type { PresetStatus } from '../../driver/presets/status.ts';
import type { SillyTavernReport } from '../../driver/presets/sillytavern.ts';
import type { Result } from './result.ts';

/** The person saw a preset's rules-prompt warning and approved applying it. */
export interface PresetApproval {
  approveRules?: boolean;
}

export type PromptScope = { kind: 'library' } | { kind: 'story'; storyId: string };

/** One prompt as the editor shows it: the shipped original, each layer's edit, and what is used. */
export interface PromptEntry {
  /** '<lang>/<group>/<name>'. */
  path: string;
  /** '<group>/<name>'. */
  id: string;
  language: Language;
  shipped: string;
  library?: string;
  story?: string;
  /** The text requests use: the highest layer present. */
  text: string;
  from: PromptLayer;
  variables: readonly string[];
  /** A prose prompt (persona, style, character-style); any other is a rules prompt, edited with care. */
  prose: boolean;
  problem?: string;
}

export interface PromptsApi {
  listPrompts(
    language: Language,
    storyId?: string,
  ): Promise<Result<{ prompts: PromptEntry[]; problems: Array<PromptFileProblem & { layer: PromptLayer }> }>>;
  setPrompt(scope: PromptScope, path: string, text: string): Promise<Result>;
  restorePrompt(scope: PromptScope, path: string): Promise<Result>;
  listPresets(): Promise<PresetSummary[]>;
  /** The prose goes into every shipped language; the report and a refusal are in `reportLanguage`. */
  importSillyTavernPreset(
    json: unknown,
    options: { title: string; reportLanguage: Language },
  ): Promise<Result<{ presetId: string; report: SillyTavernReport }>>;
  /** The same from a file's text, read as every import reads JSON (a BOM dropped, a damaging nesting refused). */
  importSillyTavernPresetText(
    text: string,
    options: { title: string; reportLanguage: Language },
  ): Promise<Result<{ presetId: string; report: SillyTavernReport }>>;
  storyPreset(storyId: string): Promise<Result<{ preset: PresetStatus }>>;
  /** A preset carrying rules prompts needs `approveRules` (SPEC PL2): refused as `needs-approval` with its warning. */
  applyPreset(storyId: string, presetId: string, options?: PresetApproval): Promise<Result>;
  reapplyPreset(storyId: string, options?: PresetApproval): Promise<Result>;
  removeStoryPreset(storyId: string): Promise<Result>;
}

// The part of the worker's API about presets as library things (spec "Presets are made on the Presets
// page"): made from the shipped prose or a world's prose, retitled and redescribed, deleted into the
// library's trash with the stories that use them named first, and restored. Re-exported by api.ts.
import type { Result } from './result.ts';
import type { PresetDescription } from '../../driver/doc/library-presets.ts';
export type { PresetDescription } from '../../driver/doc/library-presets.ts';

/** A preset the person deleted, as the Presets page lists it to restore. */
export interface DeletedPreset {
  trashId: string;
  title: string;
  /** When it was deleted (ms). */
  at: number;
}

export interface PresetLibraryApi {
  /** A new preset holding the shipped prose prompts of every shipped language, to edit from. */
  newPresetFromShippedProse(title: string): Promise<Result<{ presetId: string }>>;
  /** A new preset holding a library world's prose prompts; refused when the world carries none. */
  savePresetFromWorld(worldId: string, title: string): Promise<Result<{ presetId: string }>>;
  /** Retitles or redescribes a preset (its prompts and sampling stay). */
  describePreset(presetId: string, description: PresetDescription): Promise<Result>;
  /** The stories on this device that use the preset, for the delete's confirmation. */
  presetUsers(presetId: string): Promise<Result<{ stories: Array<{ id: string; title: string }> }>>;
  /** Moves the preset into the library's trash; `trashId` is what Undo restores. */
  deletePreset(presetId: string): Promise<Result<{ trashId: string }>>;
  deletedPresets(): Promise<DeletedPreset[]>;
  restorePreset(trashId: string): Promise<Result>;
}

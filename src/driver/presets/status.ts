// Whether a story still matches the preset it came from: current, changed in the library, edited
// in the story, or missing from the library; with the files and sampling settings that differ, for
// the settings to show.
import type * as Y from 'yjs';
import { readPreset } from '../doc/library-presets.ts';
import { readPromptOverride } from '../doc/prompt-overrides.ts';
import { SAMPLING_SETTINGS, type SamplingSetting, type StorySampling } from '../doc/schema.ts';
import { readStorySampling } from '../doc/story-doc.ts';
import { readStoryPreset } from '../doc/story-preset.ts';
import { copyHash } from './apply.ts';
import { CopyState } from '../doc/copy-state.ts';
import { suggestedSampling } from './sampling.ts';

/** A preset's copy is in one of the states every copy of the library's is in. */
export const PresetState = CopyState;
export type PresetState = CopyState;

/** One sampling setting that differs: its value when the preset was applied and now (null: unset). */
export interface SamplingChange {
  setting: SamplingSetting;
  was: number | null;
  now: number | null;
}

export type PresetStatus =
  | { status: typeof PresetState.none }
  | {
      status: Exclude<PresetState, 'none'>;
      presetId: string;
      title: string;
      /** Copies the story changed or deleted since the preset was applied. */
      editedInStory: string[];
      /** Files the library's preset changed, added or dropped since then. */
      changedInLibrary: string[];
      sampling: {
        /** Settings the preset suggests that the story changed since it was applied. */
        editedInStory: SamplingChange[];
        /** What the library's preset suggests now, against what it suggested then. */
        changedInLibrary: SamplingChange[];
      };
    };

function samplingChanges(was: StorySampling, now: StorySampling): SamplingChange[] {
  return SAMPLING_SETTINGS.filter((s) => was[s] !== now[s]).map((setting) => ({
    setting,
    was: was[setting] ?? null,
    now: now[setting] ?? null,
  }));
}

/** Edits in the story outrank changes in the library: re-applying would replace them. */
export function presetStatus(library: Y.Doc, story: Y.Doc): PresetStatus {
  const record = readStoryPreset(story);
  if (!record) return { status: PresetState.none };
  const editedInStory = Object.entries(record.files)
    .filter(([path, copy]) => {
      const current = readPromptOverride(story, path);
      return current === undefined || copyHash(current) !== copy.hash;
    })
    .map(([path]) => path);
  const preset = readPreset(library, record.presetId);
  const changedInLibrary = preset
    ? [...new Set([...preset.prompts.keys(), ...Object.keys(record.files)])].filter((path) => {
        const text = preset.prompts.get(path);
        return text === undefined || copyHash(text) !== record.files[path]?.hash;
      })
    : [];
  const sampling = {
    // A setting the preset does not suggest is the story's own business: re-applying leaves it.
    editedInStory: samplingChanges(record.sampling.story, readStorySampling(story)).filter(
      (c) => record.sampling.suggested[c.setting] !== undefined,
    ),
    changedInLibrary: preset
      ? samplingChanges(record.sampling.suggested, suggestedSampling(preset.sampling))
      : [],
  };
  const status = !preset
    ? PresetState.missing
    : editedInStory.length || sampling.editedInStory.length
      ? PresetState.editedInStory
      : changedInLibrary.length || sampling.changedInLibrary.length
        ? PresetState.changedInLibrary
        : PresetState.current;
  return {
    status,
    presetId: record.presetId,
    title: preset?.title ?? record.title,
    editedInStory: editedInStory.sort(),
    changedInLibrary: changedInLibrary.sort(),
    sampling,
  };
}

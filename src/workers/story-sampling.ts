// The temperatures a story's preset suggests, from the library's copy of that preset (none: the
// backends' defaults).
import type * as Y from 'yjs';
import { readPreset } from '../driver/doc/library-presets.ts';
import { readStoryPreset } from '../driver/doc/story-preset.ts';
import { presetTemperatures } from '../driver/presets/sampling.ts';
import type { Operation } from '../driver/env.ts';

export function storyTemperatures(library: Y.Doc, story: Y.Doc): Partial<Record<Operation, number>> {
  const record = readStoryPreset(story);
  const preset = record ? readPreset(library, record.presetId) : undefined;
  return preset ? presetTemperatures(preset.sampling) : {};
}

// What a preset's suggested sampling means for the driver's operations. The selector's low
// temperature is a helper's, not a preset's to change.
import type { Sampling } from '../doc/library-presets.ts';
import type { Operation } from '../env.ts';

/** `master` is the projector (it narrates what each participant perceives); `characters` the actors. */
export function presetTemperatures(sampling: Sampling): Partial<Record<Operation, number>> {
  return {
    ...(sampling.master !== undefined ? { projector: sampling.master } : {}),
    ...(sampling.characters !== undefined ? { actor: sampling.characters } : {}),
  };
}

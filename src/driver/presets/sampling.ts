// What a preset's suggested sampling means in a story. `characters` and `topP` are the actor's
// temperature and top-p: applying the preset copies them into the story's settings, where requests
// read them (`../sampling.ts`). `master` is the spec's game master temperature: Rashomon has no game
// master (each character acts in its own call, and the projector is a faithful filter with a helper's
// low temperature), so `master` is kept in the preset and shown, and no operation uses it.
import type { Sampling } from '../doc/library-presets.ts';
import { SAMPLING_SETTINGS, type StorySampling } from '../doc/schema.ts';

/** The preset's suggestion in the story's settings: what applying or re-applying it copies. */
export function suggestedSampling(sampling: Sampling): StorySampling {
  return {
    ...(sampling.characters !== undefined ? { actorTemperature: sampling.characters } : {}),
    ...(sampling.topP !== undefined ? { actorTopP: sampling.topP } : {}),
  };
}

/** The suggested settings the story has not set: the only ones a first preset fills. */
export function unsetOnly(story: StorySampling, suggested: StorySampling): StorySampling {
  return Object.fromEntries(
    SAMPLING_SETTINGS.flatMap((s) =>
      story[s] === undefined && suggested[s] !== undefined ? [[s, suggested[s]]] : [],
    ),
  );
}

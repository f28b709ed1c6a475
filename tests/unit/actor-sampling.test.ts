// The actor's sampling and reply limit, resolved story → backend profile → none; the helpers keep
// their own temperatures whatever either sets.
import { describe, expect, it } from 'vitest';
import {
  PROJECTOR_TEMPERATURE,
  SELECTOR_TEMPERATURE,
  actorMaxTokens,
  actorSampling,
  samplingFor,
} from '../../src/driver/turns/sampling.ts';

describe('actor sampling', () => {
  it('[R10] takes each setting from the story, else the backend, else leaves it out', () => {
    expect(actorSampling({}, {})).toEqual({});
    expect(actorSampling({}, { temperature: 0.7, topP: 0.9, stop: ['\nSam:'] })).toEqual({
      temperature: 0.7,
      top_p: 0.9,
      stop: ['\nSam:'],
    });
    expect(actorSampling({ actorTemperature: 1.2 }, { temperature: 0.7, topP: 0.9 })).toEqual({
      temperature: 1.2,
      top_p: 0.9,
    });
    expect(
      actorSampling(
        { actorTemperature: 0, actorTopP: 1, actorStop: ['END'] },
        { temperature: 0.7, stop: ['x'] },
      ),
    ).toEqual({ temperature: 0, top_p: 1, stop: ['END'] });
  });

  it('[R10] leaves out an empty list of stop strings', () => {
    expect(actorSampling({ actorStop: [] }, {})).toEqual({});
  });

  it('[R10] takes the reply limit from the story, else the backend, else none', () => {
    expect(actorMaxTokens({ actorMaxTokens: 300 }, 800)).toBe(300);
    expect(actorMaxTokens({}, 800)).toBe(800);
    expect(actorMaxTokens({}, undefined)).toBeUndefined();
  });

  it('[R10] keeps the helpers’ temperatures whatever the story and backend set', () => {
    const env = {
      sampling: { actorTemperature: 1.5, actorStop: ['END'] },
      backendSampling: { temperature: 0.9, topP: 0.5, stop: ['x'] },
    };
    expect(samplingFor(env, 'projector')).toEqual({ temperature: PROJECTOR_TEMPERATURE });
    expect(samplingFor(env, 'selector')).toEqual({ temperature: SELECTOR_TEMPERATURE });
    expect(samplingFor(env, 'actor')).toEqual({ temperature: 1.5, top_p: 0.5, stop: ['END'] });
  });
});

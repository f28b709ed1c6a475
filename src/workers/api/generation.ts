// The part of the worker's API about a story's generation settings: what its actor's requests carry
// (its own settings, else its backend's) and what its preset suggests. Re-exported by api.ts.
import type { StoryGenerationPatch, StorySampling } from '../../driver/doc/schema.ts';
import type { Result } from './result.ts';
export type { StoryGeneration, StoryGenerationPatch } from '../../driver/doc/schema.ts';

/** What the backend a story's actor uses gives its requests when the story sets nothing. */
export interface BackendGeneration {
  /** The backend's name as Settings shows it (may be empty). */
  label: string;
  temperature?: number;
  topP?: number;
  stop?: string[];
  /** The reply limit: the actor's longest answer on this backend. */
  maxTokens?: number;
}

export interface GenerationDefaults {
  /** null: no backend is set up. */
  backend: BackendGeneration | null;
  /** What the story's preset suggests (applying it copied it in; the story may have changed it since). */
  suggested: StorySampling;
}

export interface GenerationApi {
  generationDefaults(storyId: string): Promise<Result<{ defaults: GenerationDefaults }>>;
  /** Changes some of the story's generation settings: null unsets one (the backend's applies again). */
  setStoryGeneration(storyId: string, patch: StoryGenerationPatch): Promise<Result>;
}

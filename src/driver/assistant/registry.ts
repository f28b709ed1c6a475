// Which assistant works on which subject: each library subject's kind names its factory and what to
// say when the thing it works on is gone. The worker builds an assistant by this lookup (the session
// doctor is built by the worker itself, because its fixes are the worker's own commands).
import type * as Y from 'yjs';
import type { Language } from '../doc/schema.ts';
import type { PromptSet } from '../prompts/render.ts';
import type { Assistant } from './tools.ts';
import { cardAssistant } from './card/card-assistant.ts';
import { lorebookAssistant } from './lorebook/lorebook-assistant.ts';
import { presetAssistant } from './preset/preset-assistant.ts';
import { translateAssistant } from './translate/translate-assistant.ts';
import { worldAssistant } from './world/world-assistant.ts';

/**
 * What an assistant works on: a library lorebook, world or preset, a story (the session doctor, `id`
 * the story's), or a library character's card read into a world.
 */
export type AssistantSubject =
  | { kind: 'lorebook'; id: string }
  | { kind: 'world'; id: string }
  | { kind: 'preset'; id: string }
  | { kind: 'doctor'; id: string }
  /** `worldId`: a library world, or the id a new world takes when its first piece is applied. */
  | { kind: 'card'; id: string; worldId: string }
  /** A library world translated into `language`, into a new world (the source is only read). */
  | { kind: 'translate'; id: string; language: Language };

/** A subject of the library's (every kind but the doctor's). */
export type LibrarySubjectKind = Exclude<AssistantSubject['kind'], 'doctor'>;

/** What went missing when an assistant cannot be built: the worker words it. */
export type AssistantGone = 'lorebook' | 'world' | 'preset' | 'character';

/** What every library assistant is built with. */
export interface AssistantEnv {
  doc: Y.Doc;
  prompts: PromptSet;
  language: Language;
  clock: () => number;
  newId: () => string;
}

type SubjectOf<K extends LibrarySubjectKind> = AssistantSubject & { kind: K };

interface Entry<K extends LibrarySubjectKind> {
  /** The assistant, or undefined when the library no longer holds its subject. */
  make(subject: SubjectOf<K>, env: AssistantEnv): Assistant | undefined;
  gone: AssistantGone;
}

const ASSISTANTS: { [K in LibrarySubjectKind]: Entry<K> } = {
  lorebook: { make: (s, env) => lorebookAssistant({ ...env, bookId: s.id }), gone: 'lorebook' },
  world: { make: (s, env) => worldAssistant({ ...env, worldId: s.id }), gone: 'world' },
  preset: { make: (s, env) => presetAssistant({ ...env, presetId: s.id }), gone: 'preset' },
  card: {
    make: (s, env) => cardAssistant({ ...env, characterId: s.id, worldId: s.worldId }),
    gone: 'character',
  },
  translate: {
    make: (s, env) =>
      translateAssistant({
        doc: env.doc,
        worldId: s.id,
        target: s.language,
        prompts: env.prompts,
        language: env.language,
      }),
    gone: 'world',
  },
};

/** The library subject's assistant, or what is gone. Prompts that cannot be rendered throw PromptProblem. */
export function libraryAssistant<K extends LibrarySubjectKind>(
  subject: SubjectOf<K>,
  env: AssistantEnv,
): Assistant | { gone: AssistantGone } {
  const entry = ASSISTANTS[subject.kind as K];
  return entry.make(subject, env) ?? { gone: entry.gone };
}

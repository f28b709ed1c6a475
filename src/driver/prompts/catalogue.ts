// The prompts the driver uses and the variables each is given: a prompt file may use only these.
import { languageSchema, type Language } from '../doc/schema.ts';

/**
 * The languages the package ships every prompt in (`prompts/<language>/`): a story's languages.
 * tests/unit/prompts.test.ts keeps the shipped folders exactly these, with the same files.
 */
export const SHIPPED_LANGUAGES: readonly Language[] = languageSchema.options;

/**
 * Given to every prompt, whether its original uses it or not, so an edit may use it anywhere:
 * `language` is the name of the story's language (English, 中文).
 */
export const COMMON_VARIABLES = ['language'] as const;

/** Each prompt's own variables, besides the common ones. */
export const PROMPT_VARIABLES = {
  'roleplay/selector': ['user', 'chronology'],
  'roleplay/selector-task': ['candidates'],
  'roleplay/common-rules': [],
  'roleplay/point-of-view': ['name', 'history'],
  'roleplay/projector': ['target', 'history'],
  'roleplay/projector-task': ['speaker', 'target', 'source', 'known', 'lore'],
  'roleplay/projector-batch': ['histories'],
  'roleplay/projector-batch-task': ['speaker', 'targets', 'source'],
  'roleplay/actor': ['name', 'style', 'card', 'persona', 'history'],
  'roleplay/style': [],
  'roleplay/character-style': ['name', 'style'],
  'roleplay/persona': ['name', 'user', 'persona'],
  'roleplay/actor-task': ['name', 'world', 'remembered'],
  'roleplay/actor-continue': ['name'],
  'roleplay/dice': ['name'],
  'roleplay/suggester': ['user', 'persona', 'history'],
  'roleplay/suggester-task': ['user'],
  'roleplay/plot-hint': ['user', 'persona', 'history'],
  'roleplay/plot-hint-task': ['user'],
  'roleplay/retry': ['reason'],
  'roleplay/answer-continue': [],
  'roleplay/chronicler': ['name', 'transcript'],
  'roleplay/chronicler-task': ['name', 'names', 'which'],
  'import/card-world': ['name', 'card'],
  'import/card-world-task': ['name', 'kinds'],
  'eval/judge': ['who', 'facts', 'text'],
  'import/cut-off': [],
  'lorebook/persona': [],
  'lorebook/procedure': ['book'],
  'lorebook/welcome': ['book'],
  'import/classifier': ['name', 'card'],
  'import/roster': ['name', 'kinds'],
  'import/common-rules': ['name'],
  'import/character': ['name'],
  'import/place': ['name'],
  'import/faction': ['name'],
  'import/thing': ['name'],
  'import/lore': ['name'],
  'import/world': ['world'],
  'import/welcome': ['name', 'world'],
  'world/persona': [],
  'world/procedure': ['world'],
  'world/welcome': ['world'],
  'preset/persona': [],
  'preset/procedure': ['preset', 'languages'],
  'preset/welcome': ['preset'],
  'preset/import-sillytavern': ['languages', 'prompts'],
  'translate/persona': [],
  'translate/procedure': ['world', 'target'],
  'translate/glossary': ['world', 'target', 'names'],
  'translate/document': ['target', 'glossary'],
  'translate/notice': ['target'],
  'translate/welcome': ['world', 'target'],
  'doctor/persona': [],
  'doctor/procedure': ['story'],
  'doctor/welcome': ['story'],
} as const satisfies Record<string, readonly string[]>;

export type PromptId = keyof typeof PROMPT_VARIABLES;
/** What a caller gives a prompt: its own variables (the common ones are filled by `renderPrompt`). */
export type PromptVars<Id extends PromptId> = Record<(typeof PROMPT_VARIABLES)[Id][number], string>;

/** Every variable a prompt may use: the common ones, then its own. */
export const promptVariables = (id: PromptId): readonly string[] => [
  ...COMMON_VARIABLES,
  ...PROMPT_VARIABLES[id],
];

export const PROMPT_IDS = Object.keys(PROMPT_VARIABLES) as PromptId[];

/**
 * Prose prompts say who is who and how the story is written; a preset may replace them freely: the
 * user's persona as a character is told it (persona), the story's style (style) and each character's
 * voice (character-style). Every other prompt holds rules the program reads (answer shapes, names).
 */
export const PROSE_PROMPT_IDS: readonly PromptId[] = [
  'roleplay/persona',
  'roleplay/style',
  'roleplay/character-style',
];

export const isPromptId = (id: string): id is PromptId => Object.hasOwn(PROMPT_VARIABLES, id);

// The SillyTavern files that carry prose for a chat-completion model, each read as a prompt-manager
// preset (`prompts` + `prompt_order`): the legacy preset of before the prompt manager (`main_prompt`,
// `nsfw_prompt`, `jailbreak_prompt` and sampling at the top) and a system prompt (`{name, content}`);
// and the text-completion templates (instruct, context), which Rashomon has no use for.

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): v is string => typeof v === 'string';

/** What a preset file was: a prompt-manager preset, a legacy one, or a system prompt. */
export type PresetSource = 'prompt-manager' | 'legacy' | 'system-prompt';

/** A legacy preset's prose fields, in the order SillyTavern sent them, as the prompt manager names them. */
const LEGACY_PROMPTS = [
  { field: 'main_prompt', identifier: 'main', name: 'Main Prompt' },
  { field: 'nsfw_prompt', identifier: 'nsfw', name: 'NSFW Prompt' },
  { field: 'nsfw_avoidance_prompt', identifier: 'nsfwAvoidance', name: 'NSFW Avoidance Prompt' },
  { field: 'jailbreak_prompt', identifier: 'jailbreak', name: 'Jailbreak Prompt' },
] as const;

/** Legacy sampling spellings (its settings file's) and the prompt manager's. */
const LEGACY_SAMPLING = { temp_openai: 'temperature', top_p_openai: 'top_p' } as const;

export const isLegacyPreset = (json: Record<string, unknown>): boolean =>
  !Array.isArray(json.prompts) && LEGACY_PROMPTS.some(({ field }) => text(json[field]));

/** SillyTavern's system prompt file: a name and its text (and, newer, a post-history text), nothing else. */
export const isSystemPrompt = (json: Record<string, unknown>): boolean =>
  text(json.name) &&
  text(json.content) &&
  Object.keys(json).every((k) => k === 'name' || k === 'content' || k === 'post_history');

/**
 * Instruct (how a text-completion model's turns are wrapped), context (its story string) or reasoning
 * (where a model's reasoning begins and ends in its answer: a name, a prefix, a suffix, a separator).
 */
export function textCompletionTemplate(
  json: Record<string, unknown>,
): 'instruct' | 'context' | 'reasoning' | null {
  if (text(json.input_sequence) && text(json.output_sequence)) return 'instruct';
  if (text(json.story_string)) return 'context';
  const reasoning = ['name', 'prefix', 'suffix', 'separator'];
  if (text(json.prefix) && text(json.suffix) && Object.keys(json).every((k) => reasoning.includes(k)))
    return 'reasoning';
  return null;
}

/** The parts of SillyTavern's Advanced Formatting export, and its system prompt when it has one. */
export interface FormattingBundle {
  parts: string[];
  systemPrompt: Record<string, unknown> | null;
}

/** SillyTavern's Advanced Formatting "master" export: its templates and system prompt in one file. */
export function formattingBundle(json: Record<string, unknown>): FormattingBundle | null {
  const parts = ['instruct', 'context', 'sysprompt', 'reasoning'].filter((k) => isRecord(json[k]));
  if (!parts.some((k) => k !== 'reasoning')) return null;
  const sysprompt = json.sysprompt;
  return { parts, systemPrompt: isRecord(sysprompt) && isSystemPrompt(sysprompt) ? sysprompt : null };
}

function fromLegacy(json: Record<string, unknown>): Record<string, unknown> {
  // SillyTavern sent the NSFW prompt with its toggle on (its default), the avoidance prompt with it off,
  // and the NSFW prompt before the main one with `nsfw_first`.
  const nsfwOn = json.nsfw_toggle !== false;
  const enabled = (identifier: string) =>
    identifier === 'nsfw' ? nsfwOn : identifier === 'nsfwAvoidance' ? !nsfwOn : true;
  const present = LEGACY_PROMPTS.filter(({ field }) => text(json[field]));
  const nsfwFirst = json.nsfw_first === true;
  const order = [
    ...present.filter((p) => nsfwFirst && p.identifier === 'nsfw'),
    ...present.filter((p) => !(nsfwFirst && p.identifier === 'nsfw')),
  ];
  const sampling = Object.fromEntries(
    Object.entries(LEGACY_SAMPLING).flatMap(([legacy, modern]) =>
      json[modern] === undefined && json[legacy] !== undefined ? [[modern, json[legacy]]] : [],
    ),
  );
  return {
    ...json,
    ...sampling,
    prompts: present.map(({ field, identifier, name }) => ({
      identifier,
      name,
      role: 'system',
      content: json[field],
    })),
    prompt_order: [
      {
        character_id: 100001,
        order: order.map((p) => ({ identifier: p.identifier, enabled: enabled(p.identifier) })),
      },
    ],
  };
}

/** The file as a prompt-manager preset, and what it was; null when it is none of these. */
export function asPromptManagerPreset(
  json: unknown,
): { preset: Record<string, unknown>; source: PresetSource } | null {
  if (!isRecord(json)) return null;
  if (isLegacyPreset(json)) return { preset: fromLegacy(json), source: 'legacy' };
  if (isSystemPrompt(json))
    return {
      preset: {
        prompts: [{ identifier: 'main', name: json.name, role: 'system', content: json.content }],
      },
      source: 'system-prompt',
    };
  return { preset: json, source: 'prompt-manager' };
}

/**
 * Texts SillyTavern keeps beside the prompts for its own commands and formats (impersonation, a new
 * chat, continue, how lore and card fields are wrapped): Rashomon has commands and layouts of its own.
 */
const UTILITY_TEXTS = [
  'impersonation_prompt',
  'new_chat_prompt',
  'new_group_chat_prompt',
  'new_example_chat_prompt',
  'continue_nudge_prompt',
  'group_nudge_prompt',
  'wi_format',
  'scenario_format',
  'personality_format',
  'assistant_prefill',
  'assistant_impersonation',
  'send_if_empty',
] as const;

/** Sampling a preset may carry that Rashomon does not take from one (it sizes each request itself). */
const UNUSED_SAMPLING = [
  'openai_max_tokens',
  'openai_max_context',
  'frequency_penalty',
  'freq_pen_openai',
  'presence_penalty',
  'pres_pen_openai',
  'top_k',
  'top_a',
  'min_p',
  'repetition_penalty',
  'seed',
] as const;

/** The utility texts a preset holds (not empty) and the sampling it sets that Rashomon does not take. */
export function otherFields(fields: Record<string, unknown>): {
  utility: string[];
  unusedSampling: string[];
} {
  return {
    utility: UTILITY_TEXTS.filter((f) => {
      const value = fields[f];
      return typeof value === 'string' && value.trim() !== '';
    }),
    unusedSampling: UNUSED_SAMPLING.filter((f) => typeof fields[f] === 'number'),
  };
}

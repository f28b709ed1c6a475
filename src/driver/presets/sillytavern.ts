// Imports a SillyTavern chat-completion preset as a preset of ours. Its prose is in whatever language
// its author wrote, so the same prose goes into every shipped language folder (a story in any
// language then uses it); only the phrases that replace macros are each folder's own. Mapping: the
// enabled prompts of the global prompt order (character_id 100001, else the first order, else the
// prompts' own order) that hold text are prose. Those that use {{persona}} (the user's persona
// description) become roleplay/persona, which presents the user's persona to a character:
// {{persona}} → ${persona}, {{user}} → ${user}, {{char}} → ${name}. The others that mention {{char}}
// become roleplay/character-style, {{char}} → ${name}, followed by ${style}; the rest become
// roleplay/style, {{char}} → "the character". Outside the persona prompt {{user}} is not a variable:
// it becomes "the user". Other {{…}} macros are dropped and reported. Markers (chat history, world
// info, card fields, the persona description, examples) are structure Rashomon builds itself, and
// assistant-role prompts are prefills, not instructions: neither is mapped. temperature fills both
// suggested temperatures and top_p topP. Secrets (proxy password, keys, URLs) are never read.
// A prompt SillyTavern places inside the chat history (`injection_position` 1) has no place among the
// prose prompts: left out. A legacy preset and a system prompt are read as prompt-manager presets
// (`sillytavern-shapes.ts`); SillyTavern's texts for its own commands and sampling Rashomon does not
// take from a preset are reported. The report (what became of each prompt, why the file was refused)
// and the description are for the person importing, in their language.
import { z } from 'zod';
import type { Language } from '../doc/schema.ts';
import type { Sampling } from '../doc/library-presets.ts';
import { tr } from '../i18n/messages.ts';
import { safeParseIn } from '../i18n/zod-messages.ts';
import { SHIPPED_LANGUAGES, type PromptId } from '../prompts/catalogue.ts';
import { asPromptManagerPreset, otherFields, type PresetSource } from './sillytavern-shapes.ts';

/** SillyTavern's prompt order for every character (100000 is its older default). */
const GLOBAL_ORDER_ID = 100001;

/** SillyTavern's place for a prompt inside the chat history, at its depth (0 is among the others). */
const IN_CHAT = 1;

/** A prompt read leniently: a value of the wrong type reads as absent, so one odd prompt spoils nothing. */
const stPromptSchema = z.object({
  identifier: z.string().min(1),
  name: z.string().optional().catch(undefined),
  role: z.enum(['system', 'user', 'assistant']).optional().catch(undefined),
  content: z.string().optional().catch(undefined),
  marker: z.boolean().optional().catch(undefined),
  enabled: z.boolean().optional().catch(undefined),
  injection_position: z.number().optional().catch(undefined),
  injection_depth: z.number().optional().catch(undefined),
});

/** Only these fields are read; everything else in the file, secrets included, is never touched. */
const stPresetSchema = z.object({
  prompts: z.array(z.unknown()).min(1),
  prompt_order: z
    .array(
      z.object({
        character_id: z.union([z.number(), z.string()]),
        order: z.array(z.object({ identifier: z.string(), enabled: z.boolean().optional() })),
      }),
    )
    .optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
});
type StPrompt = z.infer<typeof stPromptSchema>;

/** Fields that carry credentials or private endpoints: reported by name when set, never copied. */
const SECRET_FIELD = /password|secret|api_?key|access_token|bearer|proxy|_url$|headers/i;

const TARGET = {
  style: 'roleplay/style',
  character: 'roleplay/character-style',
  persona: 'roleplay/persona',
} as const satisfies Record<string, PromptId>;
type Target = keyof typeof TARGET;

/** The marker where SillyTavern puts the user's persona description. */
const PERSONA_MARKER = 'personaDescription';

export interface SillyTavernReport {
  /** What the file was: a prompt-manager preset, a legacy one, or a system prompt. */
  source: PresetSource;
  mapped: Array<{ identifier: string; name: string; target: PromptId }>;
  /** Every prompt (and text of SillyTavern's own commands) not mapped, each with why. */
  notMapped: Array<{ identifier: string; name: string; why: string }>;
  /**
   * Macros removed from the text, secrets, out-of-range sampling and sampling Rashomon does not take
   * from a preset (`unused`), left out; never a secret's value.
   */
  dropped: Array<{ kind: 'macro' | 'secret' | 'sampling' | 'unused'; name: string; identifier?: string }>;
}

export interface ImportedPreset {
  title: string;
  description: string;
  sampling: Sampling;
  prompts: Map<string, string>;
}

export type SillyTavernImport =
  { ok: true; preset: ImportedPreset; report: SillyTavernReport } | { ok: false; detail: string };

export interface SillyTavernOptions {
  title: string;
  /** The language of the report, a refusal and the description: the person's. */
  reportLanguage: Language;
}

/** Enough of a dropped macro to recognise it in the report. */
const MACRO_SHOWN = 80;
const MACRO = /\{\{([\s\S]*?)\}\}|<(USER|BOT|CHAR)>/gi;
const CHAR_MACROS = new Set(['char', 'charifnotgroup', 'bot']);
const USER_MACROS = new Set(['user']);
const PERSONA_MACROS = new Set(['persona']);

const macroNames = (text: string): string[] =>
  [...text.matchAll(MACRO)].map((m) => (m[1] ?? m[2] ?? '').trim().toLowerCase());

/** Which prose prompt a SillyTavern prompt's text goes into. */
function targetOf(text: string): Target {
  const names = macroNames(text);
  if (names.some((n) => PERSONA_MACROS.has(n))) return 'persona';
  return names.some((n) => CHAR_MACROS.has(n)) ? 'character' : 'style';
}

/** Capitalises a phrase that starts a sentence or a line (English phrases only change). */
function placed(phrase: string, before: string): string {
  return /(^|[.!?]\s+|\n\s*)$/.test(before) ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase;
}

function convert(
  prompt: StPrompt,
  target: Target,
  language: Language,
  dropped: SillyTavernReport['dropped'],
): string {
  const replaceMacro = (
    whole: string,
    inner: string | undefined,
    legacy: string | undefined,
    offset: number,
    all: string,
  ): string => {
    const name = (inner ?? legacy ?? '').trim().toLowerCase();
    const before = all.slice(0, offset);
    if (CHAR_MACROS.has(name))
      return target === 'style' ? placed(tr(language, 'the character'), before) : '${name}';
    if (USER_MACROS.has(name))
      return target === 'persona' ? '${user}' : placed(tr(language, 'the user'), before);
    // Only the persona prompt is given the persona; targetOf sends every prompt using it there.
    if (PERSONA_MACROS.has(name) && target === 'persona') return '${persona}';
    dropped.push({
      kind: 'macro',
      name: whole.length > MACRO_SHOWN ? `${whole.slice(0, MACRO_SHOWN - 1)}…` : whole,
      identifier: prompt.identifier,
    });
    return '';
  };
  // A literal ${…} would read as a variable of ours: keep the text, drop the dollar sign.
  const defused = (prompt.content ?? '').replace(/\$\{([^}]*)\}/g, (whole: string, name: string) => {
    dropped.push({ kind: 'macro', name: whole, identifier: prompt.identifier });
    return `{${name}}`;
  });
  return defused
    .replace(MACRO, replaceMacro)
    .replace(/(\S)[ \t]{2,}/g, '$1 ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The prompts in the order SillyTavern sends them, each with whether it is enabled there. */
function ordered(
  preset: z.infer<typeof stPresetSchema>,
  prompts: readonly StPrompt[],
): Array<{ prompt: StPrompt; enabled: boolean }> {
  const orders = preset.prompt_order ?? [];
  const order = orders.find((o) => Number(o.character_id) === GLOBAL_ORDER_ID) ?? orders[0];
  if (!order) return prompts.map((prompt) => ({ prompt, enabled: prompt.enabled !== false }));
  const byId = new Map(prompts.map((p) => [p.identifier, p]));
  return order.order.flatMap(({ identifier, enabled }) => {
    const prompt = byId.get(identifier);
    return prompt ? [{ prompt, enabled: enabled !== false }] : [];
  });
}

function samplingOf(preset: z.infer<typeof stPresetSchema>, dropped: SillyTavernReport['dropped']): Sampling {
  const sampling: Sampling = {};
  const { temperature, top_p } = preset;
  if (temperature !== undefined) {
    if (temperature >= 0 && temperature <= 2)
      Object.assign(sampling, { master: temperature, characters: temperature });
    else dropped.push({ kind: 'sampling', name: 'temperature' });
  }
  if (top_p !== undefined) {
    if (top_p >= 0 && top_p <= 1) sampling.topP = top_p;
    else dropped.push({ kind: 'sampling', name: 'top_p' });
  }
  return sampling;
}

export function importSillyTavernPreset(json: unknown, options: SillyTavernOptions): SillyTavernImport {
  const { reportLanguage } = options;
  const read = asPromptManagerPreset(json);
  const parsed = safeParseIn(stPresetSchema, read?.preset ?? json, reportLanguage);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return {
      ok: false,
      detail: tr(reportLanguage, 'Not a SillyTavern chat-completion preset ({field}: {problem}).', {
        field: issue?.path.join('.') || tr(reportLanguage, 'file'),
        problem: issue?.message ?? '',
      }),
    };
  }
  const report: SillyTavernReport = {
    source: read?.source ?? 'prompt-manager',
    mapped: [],
    notMapped: [],
    dropped: [],
  };
  const fields = read?.preset ?? {};
  for (const [field, value] of Object.entries(fields))
    if (SECRET_FIELD.test(field) && value !== '' && value !== null && value !== false)
      report.dropped.push({ kind: 'secret', name: field });
  const readable: StPrompt[] = [];
  parsed.data.prompts.forEach((raw, index) => {
    const prompt = stPromptSchema.safeParse(raw);
    if (prompt.success) readable.push(prompt.data);
    else
      report.notMapped.push({
        identifier: `#${index}`,
        name: `#${index}`,
        why: tr(reportLanguage, 'not a prompt SillyTavern could read (no identifier)'),
      });
  });

  const texts = new Map<Language, Record<Target, string[]>>(
    SHIPPED_LANGUAGES.map((language) => [language, { style: [], character: [], persona: [] }]),
  );
  const sent = ordered(parsed.data, readable);
  for (const { prompt, enabled } of sent) {
    const name = prompt.name ?? prompt.identifier;
    const skip = (why: string) => report.notMapped.push({ identifier: prompt.identifier, name, why });
    if (prompt.marker && prompt.identifier === PERSONA_MARKER)
      skip(tr(reportLanguage, "the user's persona, which Rashomon presents with roleplay/persona"));
    else if (prompt.marker) skip(tr(reportLanguage, 'a placeholder for a part Rashomon builds itself'));
    else if (!enabled) skip(tr(reportLanguage, 'disabled in the preset'));
    else if (!prompt.content?.trim()) skip(tr(reportLanguage, 'empty'));
    else if (prompt.role === 'assistant')
      skip(tr(reportLanguage, 'an assistant message (a prefill), not an instruction'));
    else if (prompt.injection_position === IN_CHAT)
      skip(
        tr(
          reportLanguage,
          'placed inside the chat history (depth {depth}): Rashomon’s prose prompts have no place there',
          { depth: prompt.injection_depth ?? 0 },
        ),
      );
    else {
      const kind = targetOf(prompt.content);
      const converted = SHIPPED_LANGUAGES.map((language) => {
        const dropped: SillyTavernReport['dropped'] = [];
        return { language, text: convert(prompt, kind, language, dropped), dropped };
      });
      // What is dropped, and whether anything is left, does not depend on the language: told once.
      const [first] = converted;
      report.dropped.push(...(first?.dropped ?? []));
      if (!first?.text) skip(tr(reportLanguage, 'nothing left once its macros were removed'));
      else {
        for (const { language, text } of converted) texts.get(language)?.[kind].push(text);
        report.mapped.push({ identifier: prompt.identifier, name, target: TARGET[kind] });
      }
    }
  }
  const sentIds = new Set(sent.map((s) => s.prompt.identifier));
  for (const prompt of readable)
    if (!sentIds.has(prompt.identifier))
      report.notMapped.push({
        identifier: prompt.identifier,
        name: prompt.name ?? prompt.identifier,
        why: tr(reportLanguage, 'not in the prompt order, so SillyTavern does not send it'),
      });

  const { utility, unusedSampling } = otherFields(fields);
  for (const field of utility)
    report.notMapped.push({
      identifier: field,
      name: field,
      why: tr(
        reportLanguage,
        'a text of SillyTavern’s own commands or formats (impersonation, new chat, continue, wrapping): Rashomon has its own',
      ),
    });
  for (const field of unusedSampling) report.dropped.push({ kind: 'unused', name: field });

  if (!report.mapped.length)
    return { ok: false, detail: tr(reportLanguage, 'The preset has no enabled prompt with text to import.') };
  const prompts = new Map<string, string>();
  for (const [language, { style, character, persona }] of texts) {
    if (style.length) prompts.set(`${language}/${TARGET.style}`, style.join('\n\n'));
    if (character.length)
      prompts.set(`${language}/${TARGET.character}`, `${character.join('\n\n')}\n\n\${style}`);
    if (persona.length) prompts.set(`${language}/${TARGET.persona}`, persona.join('\n\n'));
  }
  return {
    ok: true,
    preset: {
      title: options.title,
      description: tr(reportLanguage, 'Imported from a SillyTavern preset.'),
      sampling: samplingOf(parsed.data, report.dropped),
      prompts,
    },
    report,
  };
}

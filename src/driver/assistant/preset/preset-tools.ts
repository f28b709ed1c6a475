// The preset assistant's tools over one library preset: list it and read a prompt at once; write or
// delete a prompt, or change the suggested sampling, as changes for the person to approve. A prompt
// write is checked as a story prompt is (a shipped roleplay/ prompt in a language folder, not empty,
// only its own ${variables}), and a rules prompt's change carries a warning. A deleted prompt goes to
// the library's trash.
import type * as Y from 'yjs';
import { z } from 'zod';
import type { Language } from '../../doc/schema.ts';
import {
  readPreset,
  putPreset,
  setPresetPrompt,
  deletePresetPrompt,
  samplingSchema,
} from '../../doc/library-presets.ts';
import { putInTrash } from '../../doc/library-trash.ts';
import { tr } from '../../i18n/messages.ts';
import { PROSE_PROMPT_IDS, SHIPPED_LANGUAGES, isPromptId, promptVariables } from '../../prompts/catalogue.ts';
import type { PromptSet } from '../../prompts/render.ts';
import { promptFileProblem } from '../../prompts/resolve.ts';
import { PRESET_GROUP } from '../../presets/summary.ts';
import { ChangeAction, readTool, writeTool, type AssistantTool, type Change } from '../tools.ts';

export interface PresetToolsInput {
  doc: Y.Doc;
  presetId: string;
  /** The chat's subject, so its trash is its own. */
  subject: string;
  /** The prompts a story uses without the preset: what read_prompt shows as the default. */
  prompts: PromptSet;
  language: Language;
  clock: () => number;
  newId: () => string;
}

const pathArg = z.object({
  path: z
    .string()
    .min(1)
    .describe("'<language>/roleplay/<name>', as list_prompts gives it, e.g. en/roleplay/style"),
});
const writeArgs = pathArg.extend({
  text: z.string().max(40_000).describe('The whole new text of the prompt'),
});

const idOf = (path: string): string => path.slice(path.indexOf('/') + 1);

/** Each prose prompt the preset carries in some language folder but not in every one: the folders it lacks. */
function missingLanguages(paths: readonly string[]): Record<string, string[]> {
  const ids = PROSE_PROMPT_IDS.filter((id) => paths.some((p) => idOf(p) === id));
  return Object.fromEntries(
    ids.flatMap((id) => {
      const lacking = SHIPPED_LANGUAGES.filter((l) => !paths.includes(`${l}/${id}`));
      return lacking.length ? [[id, lacking]] : [];
    }),
  );
}
const isRules = (path: string): boolean => !PROSE_PROMPT_IDS.some((p) => p === idOf(path));
type Outcome = { ok: true } | { ok: false; error: string };

/** Why `text` cannot be this preset's prompt at `path`, as a story prompt is checked, or null. */
function promptProblem(path: string, text: string): string | null {
  const problem = promptFileProblem(path, text);
  if (problem) return `${path}: ${problem}.`;
  if (idOf(path).split('/')[0] !== PRESET_GROUP)
    return `${path}: a preset carries only ${PRESET_GROUP}/ prompts.`;
  return null;
}

const samplingText = (s: z.infer<typeof samplingSchema>, language: Language): string =>
  [
    `${tr(language, 'Suggested characters’ temperature')}: ${s.characters ?? '—'}`,
    `${tr(language, 'Suggested top-p')}: ${s.topP ?? '—'}`,
    `${tr(language, 'Suggested game master’s temperature (kept, not used)')}: ${s.master ?? '—'}`,
  ].join('\n');

export function presetTools(input: PresetToolsInput): AssistantTool[] {
  const { doc, presetId, language } = input;
  const preset = () => readPreset(doc, presetId);
  const missing = { ok: false as const, error: 'The preset is no longer in the library.' };
  const warning = (path: string): string | undefined =>
    isRules(path)
      ? tr(
          language,
          '{id} is a rules prompt: it names tools and fields the program reads, so a mistake there can break the story.',
          { id: idOf(path) },
        )
      : undefined;

  function promptChange(
    action: ChangeAction,
    path: string,
    before: string,
    after: string,
    apply: Change['apply'],
  ): Change {
    const risk = warning(path);
    return {
      action,
      label: path,
      heading: 'prompt',
      before,
      after,
      ...(risk ? { warning: risk } : {}),
      apply,
    };
  }

  return [
    readTool({
      name: 'list_prompts',
      description:
        "Lists the preset: title, description, suggested sampling, the prompts it carries (path, whether a rules prompt, length), the languages every prose prompt must be written in, each prose prompt's variables, and the language folders a prose prompt it carries still lacks.",
      args: z.object({}),
      run: () => {
        const p = preset();
        if (!p) return missing;
        const prompts = [...p.prompts].map(([path, text]) => ({
          path,
          rules: isRules(path),
          chars: text.length,
        }));
        const prose = Object.fromEntries(PROSE_PROMPT_IDS.map((id) => [id, promptVariables(id)]));
        return {
          ok: true,
          result: JSON.stringify({
            title: p.title,
            description: p.description,
            sampling: p.sampling,
            prompts,
            languages: SHIPPED_LANGUAGES,
            prosePrompts: prose,
            missingLanguages: missingLanguages([...p.prompts.keys()]),
          }),
        };
      },
    }),
    readTool({
      name: 'read_prompt',
      description:
        "Reads one prompt: the preset's text if it carries it, and the default text a story uses without the preset, with the variables it may use.",
      args: pathArg,
      run: ({ path }) => {
        const p = preset();
        if (!p) return missing;
        const id = idOf(path);
        if (!isPromptId(id)) return { ok: false, error: `${id} is not a prompt the package ships.` };
        return {
          ok: true,
          result: JSON.stringify({
            path,
            text: p.prompts.get(path) ?? null,
            default: input.prompts.get(path) ?? null,
            variables: promptVariables(id),
            rules: isRules(path),
          }),
        };
      },
    }),
    writeTool({
      name: 'write_prompt',
      description:
        'Proposes the whole text of one prompt of the preset (new or replacing). Write prose prompts (roleplay/style, roleplay/character-style, roleplay/persona) in every language folder; use only the variables read_prompt lists.',
      args: writeArgs,
      propose: ({ path, text }) => {
        const p = preset();
        if (!p) return missing;
        const problem = promptProblem(path, text);
        if (problem) return { ok: false, error: problem };
        const before = p.prompts.get(path);
        const change = promptChange(
          before === undefined ? ChangeAction.create : ChangeAction.edit,
          path,
          before ?? '',
          text,
          (origin) => {
            const again = promptProblem(path, text);
            if (again) return { ok: false, error: again };
            const saved = setPresetPrompt(doc, presetId, path, text, origin);
            return saved.ok
              ? saved
              : { ok: false, error: saved.code === 'missing' ? missing.error : saved.detail };
          },
        );
        return { ok: true, change };
      },
    }),
    writeTool({
      name: 'delete_prompt',
      description:
        'Proposes taking one prompt out of the preset (a story then uses the default); it goes to the trash, where the person can restore it.',
      args: pathArg,
      propose: ({ path }) => {
        const before = preset()?.prompts.get(path);
        if (before === undefined) return { ok: false, error: `The preset carries no ${path}.` };
        const change = promptChange(ChangeAction.delete, path, before, '', (origin) => {
          const text = preset()?.prompts.get(path);
          if (text === undefined) return { ok: false, error: `The preset carries no ${path}.` };
          doc.transact(() => {
            deletePresetPrompt(doc, presetId, path, origin);
            putInTrash(
              doc,
              {
                id: input.newId(),
                subject: input.subject,
                at: input.clock(),
                kind: 'preset-prompt',
                presetId,
                path,
                text,
              },
              origin,
            );
          }, origin);
          return { ok: true } satisfies Outcome;
        });
        return { ok: true, change };
      },
    }),
    writeTool({
      name: 'set_sampling',
      description:
        "Proposes the preset's suggested sampling: characters (the characters' temperature, 0–2), topP (0–1), master (a game master's temperature, kept but unused). Only the fields given change.",
      args: samplingSchema,
      propose: (args) => {
        const p = preset();
        if (!p) return missing;
        const after = { ...p.sampling, ...args };
        const change: Change = {
          action: ChangeAction.settings,
          label: p.title,
          heading: 'sampling',
          before: samplingText(p.sampling, language),
          after: samplingText(after, language),
          apply: (origin) => {
            const current = preset();
            if (!current) return missing;
            const { prompts: _kept, ...info } = current;
            const saved = putPreset(doc, { ...info, sampling: { ...current.sampling, ...args } }, origin);
            return saved.ok ? saved : { ok: false, error: `Refused by the preset's check: ${saved.detail}` };
          },
        };
        return { ok: true, change };
      },
    }),
  ];
}

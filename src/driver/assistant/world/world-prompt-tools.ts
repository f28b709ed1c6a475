// The world authoring assistant's tools over a world's own prompts (they replace the shipped ones in
// every story with the world): list and read at once; write and delete as changes for the person to
// approve. A write is checked as a story's prompt is (a shipped prompt's path, not empty, only its
// own variables), and one that rewrites a rules prompt carries a warning; a deleted prompt goes to
// the library's trash.
import { z } from 'zod';
import type { World } from '../../doc/world.ts';
import { readWorld } from '../../doc/library-worlds.ts';
import { putInTrash } from '../../doc/library-trash.ts';
import { tr } from '../../i18n/messages.ts';
import { PROSE_PROMPT_IDS, isPromptId, promptVariables } from '../../prompts/catalogue.ts';
import type { PromptSet } from '../../prompts/render.ts';
import { promptFileProblem } from '../../prompts/resolve.ts';
import { ChangeAction, readTool, writeTool, type AssistantTool, type Change } from '../tools.ts';
import { saveWorld, worldMissing, type WorldToolsInput, type WriteOutcome } from './world-tools.ts';

const pathArgs = z.object({
  path: z
    .string()
    .trim()
    .min(1)
    .describe("'<language>/<group>/<name>', as a shipped prompt: en/roleplay/style"),
});
const writeArgs = pathArgs.extend({ text: z.string().max(40_000).describe('The whole prompt text') });

const promptIdOf = (path: string): string => path.slice(path.indexOf('/') + 1);
const isRules = (path: string): boolean => {
  const id = promptIdOf(path);
  return isPromptId(id) && !PROSE_PROMPT_IDS.includes(id);
};

export function worldPromptTools(input: WorldToolsInput & { prompts: PromptSet }): AssistantTool[] {
  const { doc, worldId, language } = input;
  const world = () => readWorld(doc, worldId);
  const noPrompt = (path: string) => ({
    ok: false as const,
    error: `The world has no prompt ${path} of its own.`,
  });

  function promptChange(
    action: ChangeAction,
    path: string,
    before: string,
    after: string,
    write: (w: World, origin: unknown) => WriteOutcome,
  ): Change {
    return {
      action,
      label: path,
      heading: 'prompt',
      before,
      after,
      ...(action !== ChangeAction.delete && isRules(path)
        ? {
            warning: tr(
              language,
              'A rules prompt: the program relies on what it asks for (names, answer shapes). Apply it only if you mean to change those rules for every story with this world.',
            ),
          }
        : {}),
      apply: (origin) => {
        const current = world();
        return current ? write(current, origin) : worldMissing;
      },
    };
  }

  return [
    readTool({
      name: 'list_prompts',
      description:
        "Lists the world's own prompts (path, whether it holds rules, length), and every prompt id a world may replace with the variables it is given.",
      args: z.object({}),
      run: () => {
        const w = world();
        if (!w) return worldMissing;
        const own = Object.entries(w.prompts).map(([path, text]) => ({
          path,
          rules: isRules(path),
          chars: text.length,
        }));
        const ids = [...new Set([...input.prompts.keys()].map(promptIdOf))].filter(isPromptId);
        const replaceable = ids.map((id) => ({
          id,
          variables: promptVariables(id),
          rules: isRules(`en/${id}`),
        }));
        return { ok: true, result: JSON.stringify({ prompts: own, replaceable }) };
      },
    }),
    readTool({
      name: 'read_prompt',
      description: "Reads a prompt: the world's own text, or the shipped text when the world has none.",
      args: pathArgs,
      run: ({ path }) => {
        const own = world()?.prompts[path];
        if (own !== undefined)
          return { ok: true, result: JSON.stringify({ path, from: 'world', text: own }) };
        const shipped = input.prompts.get(path);
        return shipped === undefined
          ? { ok: false, error: `No prompt ${path} is shipped.` }
          : { ok: true, result: JSON.stringify({ path, from: 'shipped', text: shipped }) };
      },
    }),
    writeTool({
      name: 'write_prompt',
      description:
        "Proposes the world's own text for a prompt (new or replacing the world's text). Only a shipped prompt's path, not empty, only its own variables.",
      args: writeArgs,
      propose: ({ path, text }) => {
        const w = world();
        if (!w) return worldMissing;
        const problem = promptFileProblem(path, text, language);
        if (problem) return { ok: false, error: `The prompt ${path} was refused: ${problem}.` };
        const before = w.prompts[path];
        const change = promptChange(
          before === undefined ? ChangeAction.create : ChangeAction.edit,
          path,
          before ?? '',
          text,
          (current, origin) =>
            saveWorld(doc, { ...current, prompts: { ...current.prompts, [path]: text } }, origin),
        );
        return { ok: true, change };
      },
    }),
    writeTool({
      name: 'delete_prompt',
      description:
        "Proposes deleting the world's own text for a prompt (stories then use the shipped one); it goes to the trash.",
      args: pathArgs,
      propose: ({ path }) => {
        const before = world()?.prompts[path];
        if (before === undefined) return noPrompt(path);
        const change = promptChange(ChangeAction.delete, path, before, '', (current, origin) => {
          const text = current.prompts[path];
          if (text === undefined) return noPrompt(path);
          const { [path]: _gone, ...prompts } = current.prompts;
          let saved: WriteOutcome = { ok: true };
          doc.transact(() => {
            saved = saveWorld(doc, { ...current, prompts }, origin);
            if (saved.ok)
              putInTrash(
                doc,
                {
                  id: input.newId(),
                  subject: input.subject,
                  at: input.clock(),
                  kind: 'world-prompt',
                  worldId,
                  path,
                  text,
                },
                origin,
              );
          }, origin);
          return saved;
        });
        return { ok: true, change };
      },
    }),
  ];
}

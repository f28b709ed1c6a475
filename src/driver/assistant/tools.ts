// The tool registry an assistant chat runs with. A read tool answers at once; a write tool answers
// with a change — what it does, the subject before and after — that is applied only when the person
// approves it (or in automatic mode), and is made again from its arguments at that moment, so the
// check runs against the subject as it is then. Names, descriptions and schemas stay in code.
import { z } from 'zod';
import type { ToolSpec } from '../model.ts';
import type { ChangeHeading } from '../doc/change-heading.ts';

export const ChangeAction = {
  create: 'create',
  edit: 'edit',
  delete: 'delete',
  settings: 'settings',
} as const;
export type ChangeAction = (typeof ChangeAction)[keyof typeof ChangeAction];

/** A write the person is shown: what it does to which thing, and the text of that thing before and after. */
export interface Change {
  action: ChangeAction;
  /** The thing changed, as the person knows it (an entry's title or first key). */
  label: string;
  /** What kind of thing it is, for the heading ("New place “Velmar”"). */
  heading: ChangeHeading;
  before: string;
  after: string;
  /** Said above the diff when applying it needs care (a rules prompt rewritten), in the person's language. */
  warning?: string;
  /**
   * Writes it, checked as the app checks it; a refusal says why (the model is told it). A change
   * that runs a model command (the session doctor's) answers once the command has ended.
   */
  apply(origin?: unknown): ApplyOutcome | Promise<ApplyOutcome>;
}

export type ApplyOutcome = { ok: true } | { ok: false; error: string };

export type ReadOutcome = { ok: true; result: string } | { ok: false; error: string };
export type ProposeOutcome = { ok: true; change: Change } | { ok: false; error: string };

interface ToolDefinition<A> {
  name: string;
  description: string;
  args: z.ZodType<A>;
}

export interface ReadToolDefinition<A> extends ToolDefinition<A> {
  run(args: A): ReadOutcome;
}

export interface WriteToolDefinition<A> extends ToolDefinition<A> {
  /** `args` given back: what the change is made from again at Apply (with an id chosen now, say). */
  propose(args: A): ProposeOutcome & { args?: A };
}

/** A tool with its arguments' type erased: what the loop holds. */
export type AssistantTool =
  | { kind: 'read'; spec: ToolSpec; run(raw: unknown): ReadOutcome }
  | { kind: 'write'; spec: ToolSpec; propose(raw: unknown): ProposeOutcome & { args?: unknown } };

function specOf<A>(def: ToolDefinition<A>): ToolSpec {
  const { $schema: _dialect, ...parameters } = z.toJSONSchema(def.args, { io: 'input' }) as Record<
    string,
    unknown
  >;
  return { name: def.name, description: def.description, parameters };
}

/** Why arguments were refused, as the model is told it (names the field). */
function argsError(error: z.ZodError): string {
  const issue = error.issues[0];
  return `Invalid arguments: ${issue?.path.join('.') || 'arguments'}: ${issue?.message ?? 'not valid'}`;
}

export function readTool<A>(def: ReadToolDefinition<A>): AssistantTool {
  return {
    kind: 'read',
    spec: specOf(def),
    run(raw) {
      const args = def.args.safeParse(raw);
      return args.success ? def.run(args.data) : { ok: false, error: argsError(args.error) };
    },
  };
}

export function writeTool<A>(def: WriteToolDefinition<A>): AssistantTool {
  return {
    kind: 'write',
    spec: specOf(def),
    propose(raw) {
      const args = def.args.safeParse(raw);
      if (!args.success) return { ok: false, error: argsError(args.error) };
      const outcome = def.propose(args.data);
      return outcome.ok ? { ...outcome, args: outcome.args ?? args.data } : outcome;
    },
  };
}

/** One assistant, whatever it works on: its chat's subject key, its system prompt, its welcome and its tools. */
export interface Assistant {
  subject: string;
  system: string;
  welcome: string;
  tools: AssistantTool[];
}

export const toolSpecs = (tools: readonly AssistantTool[]): ToolSpec[] => tools.map((t) => t.spec);

export const findTool = (tools: readonly AssistantTool[], name: string): AssistantTool | undefined =>
  tools.find((t) => t.spec.name === name);

// The chronicler's answer: read as JSON and checked as a whole (its shape, and its prose in the story's
// script: V6, M10), then item by item into records — each event and change quoting its evidence from
// the participant's own slice (M2, M9), names become ids — with every item refused kept for the audit.
import { z } from 'zod';
import { STATE_DOMAINS, type ChronicleEntry, type StateChange, type StateDomain } from '../doc/chronicle.ts';
import type { Language } from '../doc/schema.ts';
import type { WorldNode } from '../doc/world.ts';
import { tr } from '../i18n/messages.ts';
import { checkScript, jsonAnswer } from '../validation/index.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import type { Verdict } from './generate.ts';
import { quotedTurn, unsupported } from './chronicle-evidence.ts';

const answerSchema = z.object({
  memories: z.array(z.object({ text: z.string(), importance: z.number() })).default([]),
  events: z.array(z.object({ text: z.string(), evidence: z.string() })).default([]),
  changes: z
    .array(z.object({ subject: z.string(), domain: z.string(), value: z.string(), evidence: z.string() }))
    .default([]),
  uncertainties: z.array(z.string()).default([]),
});
export type ChronicleAnswer = z.infer<typeof answerSchema>;

/** The answer's own prose, what the participant is told: its quotes are the transcript's, any script. */
const prose = (a: ChronicleAnswer) =>
  [
    ...a.memories.map((m) => m.text),
    ...a.events.map((e) => e.text),
    ...a.changes.map((c) => c.value),
    ...a.uncertainties,
  ].join('\n');

/** The answer as JSON of the chronicler's shape in the story's script; else the reason to ask again. */
export function readChronicleAnswer(text: string, language: Language): Verdict<ChronicleAnswer> {
  const read = jsonAnswer(text);
  if (!read)
    return { ok: false, reason: tr(language, 'The answer was not JSON. Answer with the JSON object only.') };
  const parsed = answerSchema.safeParse(read.json);
  if (!parsed.success)
    return {
      ok: false,
      reason: tr(
        language,
        'The answer must be one JSON object with the lists memories, events, changes and uncertainties.',
      ),
    };
  const script = checkScript(prose(parsed.data), language);
  return script.ok ? { ok: true, value: parsed.data } : { ok: false, reason: script.reason };
}

export interface CheckedAnswer {
  entry: Omit<ChronicleEntry, 'id' | 'basis' | 'createdAt' | 'turns'>;
  refused: Array<{ item: unknown; reason: string }>;
}

export interface AnswerContext {
  /** The participant's own transcript of the turns read. */
  slice: readonly TranscriptEntry[];
  byName: (name: string) => string | undefined;
  /** The story's world nodes (none without a world): a change naming one must quote its name. */
  nodes: readonly WorldNode[];
  newId: () => string;
  language: Language;
}

/** Turns an answer into records: quotes are found in the participant's own slice, names become ids. */
export function checkAnswer(answer: ChronicleAnswer, ctx: AnswerContext): CheckedAnswer {
  const { slice, byName, nodes, newId, language } = ctx;
  const refused: CheckedAnswer['refused'] = [];
  const lastTurn = (slice.at(-1) as TranscriptEntry).turnId;
  const memories = answer.memories
    .filter((m) => m.text.trim())
    .map((m) => ({
      id: newId(),
      text: m.text.trim(),
      importance: Math.min(10, Math.max(1, Math.round(m.importance))),
      turnId: lastTurn,
    }));
  const refuse = (item: unknown, reason: string): [] => {
    refused.push({ item, reason });
    return [];
  };
  const events = answer.events.flatMap((e) => {
    const quoted = quotedTurn(e.evidence, slice, language);
    if (!quoted.ok) return refuse(e, quoted.reason);
    if (!e.text.trim()) return refuse(e, tr(language, 'It says nothing: its text is empty.'));
    return [{ id: newId(), text: e.text.trim(), evidence: e.evidence, turnId: quoted.turnId }];
  });
  const domains: readonly string[] = STATE_DOMAINS;
  const changes = answer.changes.flatMap((c): StateChange[] => {
    const quoted = quotedTurn(c.evidence, slice, language);
    if (!quoted.ok) return refuse(c, quoted.reason);
    const subject = byName(c.subject);
    if (!subject) return refuse(c, tr(language, 'It names someone who is not in the story.'));
    if (!domains.includes(c.domain) || !c.value.trim())
      return refuse(c, tr(language, 'It has no known kind of state or no value.'));
    const domain = c.domain as StateDomain;
    const weak = unsupported({ domain, value: c.value, evidence: c.evidence }, nodes, language);
    if (weak) return refuse(c, weak);
    return [
      { id: newId(), subject, domain, value: c.value.trim(), evidence: c.evidence, turnId: quoted.turnId },
    ];
  });
  const uncertainties = answer.uncertainties
    .filter((u) => u.trim())
    .map((u) => ({ id: newId(), text: u.trim() }));
  return { entry: { memories, events, changes, uncertainties }, refused };
}

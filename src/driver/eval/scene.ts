// An eval scene: a story to start from, scripted steps, and the canaries it plants — who holds each
// secret and where (a card, a private thought, words said aloud). Checked whole before any model call.
import { z } from 'zod';
import type { Language } from '../doc/schema.ts';
import { exportStory } from '../story-json/export.ts';
import { importStory } from '../story-json/import.ts';
import type { StoryJson } from '../story-json/schema.ts';

export const EVAL_SCENE_FORMAT = 'rashomon.eval-scene';

/** Where a secret lives: who is entitled to know it follows from this (observe.ts). */
export const CanaryPlace = { card: 'card', thought: 'thought', aloud: 'aloud' } as const;
export type CanaryPlace = (typeof CanaryPlace)[keyof typeof CanaryPlace];

/** A high-entropy canary is long enough never to appear by chance in a model's prose. */
const MIN_CANARY_LENGTH = 8;

const canarySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'a canary id is lowercase letters, digits and dashes'),
  /** The participant (by name) who holds the secret. */
  holder: z.string().min(1),
  where: z.enum([CanaryPlace.card, CanaryPlace.thought, CanaryPlace.aloud]),
  /** For `thought` and `aloud`: the step (counted from 1) whose turn carries it. */
  step: z.number().int().min(1).optional(),
  /** The exact high-entropy string, matched verbatim (L0, L1); absent for a purely semantic secret. */
  text: z.string().min(MIN_CANARY_LENGTH).optional(),
  /** The secret in words, for the judge (L2). */
  fact: z.string().min(1),
});

const words = z.string().trim().min(1);
const stepSchema = z.union([
  z.strictObject({ user: words, perceivable: z.boolean().optional() }),
  z.strictObject({ as: z.string().min(1), text: words, perceivable: z.boolean().optional() }),
  z.strictObject({ act: z.string().min(1) }),
  z.strictObject({ present: z.record(z.string(), z.boolean()) }),
]);

export const evalSceneSchema = z.strictObject({
  format: z.literal(EVAL_SCENE_FORMAT),
  version: z.literal(1),
  title: z.string().min(1),
  /** A Story JSON (no turns needed): its participants, cards and who is present at the start. */
  story: z.unknown(),
  canaries: z.array(canarySchema).min(1),
  steps: z.array(stepSchema).min(1),
});

export interface Canary {
  id: string;
  holder: string;
  where: CanaryPlace;
  /** Index into the plan of the step carrying it (thought, aloud). */
  step?: number;
  text?: string;
  fact: string;
}

export type EvalStep =
  /** `perceivable`: whether the others can perceive anything of it (undefined: the scene does not say). */
  | { kind: 'author'; author: string; text: string; perceivable?: boolean }
  | { kind: 'act'; actor: string }
  | { kind: 'present'; changes: Array<{ id: string; present: boolean }> };

export interface EvalScene {
  /** Where it came from (a file name), for messages. */
  name: string;
  title: string;
  language: Language;
  /** The Story JSON it starts from, as validated: imported afresh for each mode. */
  story: StoryJson;
  canaries: Canary[];
  steps: EvalStep[];
}

export type SceneLoad = { ok: true; scene: EvalScene } | { ok: false; detail: string };

const key = (name: string) => name.trim().toLocaleLowerCase();

/** Validates a scene's JSON and resolves its names; `now` stamps the check's import. */
export function loadEvalScene(name: string, json: unknown, now: string): SceneLoad {
  const parsed = evalSceneSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, detail: `${issue?.path.join('.') || 'scene'}: ${issue?.message ?? 'not a scene'}` };
  }
  const raw = parsed.data;
  const imported = importStory(raw.story, now);
  if (!imported.ok) return { ok: false, detail: `story: ${imported.detail}` };
  // Read back as stored, defaults filled in: each mode imports this afresh.
  const story = exportStory(imported.doc);
  imported.doc.destroy();
  const byName = new Map(story.participants.map((p) => [key(p.name), p]));
  const steps: EvalStep[] = [];
  for (const [i, s] of raw.steps.entries()) {
    const at = `steps[${i}]`;
    if ('user' in s) {
      const user = story.participants.find((p) => p.kind === 'user');
      if (!user) return { ok: false, detail: `${at}: the story has no user` };
      steps.push({ kind: 'author', author: user.id, text: s.user, ...perceivable(s.perceivable) });
    } else if ('as' in s) {
      const p = byName.get(key(s.as));
      if (!p) return { ok: false, detail: `${at}.as: no participant named "${s.as}"` };
      steps.push({ kind: 'author', author: p.id, text: s.text, ...perceivable(s.perceivable) });
    } else if ('act' in s) {
      const p = byName.get(key(s.act));
      if (p?.kind !== 'character') return { ok: false, detail: `${at}.act: no character named "${s.act}"` };
      steps.push({ kind: 'act', actor: p.id });
    } else {
      const changes: Array<{ id: string; present: boolean }> = [];
      for (const [n, present] of Object.entries(s.present)) {
        const p = byName.get(key(n));
        if (!p) return { ok: false, detail: `${at}.present: no participant named "${n}"` };
        changes.push({ id: p.id, present });
      }
      steps.push({ kind: 'present', changes });
    }
  }
  const canaries: Canary[] = [];
  for (const [i, c] of raw.canaries.entries()) {
    const at = `canaries[${i}]`;
    const holder = byName.get(key(c.holder));
    if (!holder) return { ok: false, detail: `${at}.holder: no participant named "${c.holder}"` };
    if (c.where === CanaryPlace.card) {
      if (c.step !== undefined) return { ok: false, detail: `${at}: a card canary names no step` };
      if (c.text !== undefined && !JSON.stringify(holder.card ?? {}).includes(c.text))
        return { ok: false, detail: `${at}.text: not in ${holder.name}'s card` };
      canaries.push({ id: c.id, holder: holder.id, where: c.where, fact: c.fact, ...textOf(c.text) });
      continue;
    }
    const step = c.step === undefined ? undefined : steps[c.step - 1];
    if (step?.kind !== 'author' || step.author !== holder.id)
      return {
        ok: false,
        detail: `${at}.step: a canary in a thought or said aloud names a step whose turn its holder writes`,
      };
    if (c.text !== undefined && !step.text.includes(c.text))
      return { ok: false, detail: `${at}.text: not in the text of step ${c.step}` };
    canaries.push({
      id: c.id,
      holder: holder.id,
      where: c.where,
      step: (c.step as number) - 1,
      fact: c.fact,
      ...textOf(c.text),
    });
  }
  if (new Set(canaries.map((c) => c.id)).size !== canaries.length)
    return { ok: false, detail: 'canaries: two canaries have the same id' };
  return {
    ok: true,
    scene: { name, title: raw.title, language: story.language, story, canaries, steps },
  };
}

const perceivable = (value: boolean | undefined) => (value === undefined ? {} : { perceivable: value });
const textOf = (text: string | undefined) => (text === undefined ? {} : { text });

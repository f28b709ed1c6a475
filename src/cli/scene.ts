// A scene for `rashomon run`: a Story JSON plus steps. The whole scene is checked before any model
// call, simulating presence step by step, so a bad scene fails at once and writes nothing.
import { z } from 'zod';
import type { StoryJson } from '../driver/story-json/schema.ts';

const text = (empty: string) => z.string().trim().min(1, empty);
const stepSchema = z.union([
  z.strictObject({ user: text('the user turn is empty') }),
  z.strictObject({ as: z.string().min(1), text: text('the turn text is empty') }),
  z.strictObject({ act: z.string().min(1) }),
  z.strictObject({ present: z.record(z.string(), z.boolean()) }),
  z.strictObject({
    edit: z.union([
      z.strictObject({ turn: z.string().min(1), source: text('the new source is empty') }),
      z.strictObject({
        turn: z.string().min(1),
        audience: z.string().min(1),
        text: text('the new view is empty (a view that perceived nothing is not an edit)'),
      }),
    ]),
  }),
]);
export type SceneStep = z.infer<typeof stepSchema>;

export const sceneSchema = z.strictObject({ story: z.unknown(), steps: z.array(z.unknown()) });

export type StepPlan =
  | { kind: 'author'; author: string; text: string }
  | { kind: 'act'; actor: 'auto' | string }
  | { kind: 'present'; changes: Array<{ id: string; present: boolean }> }
  | { kind: 'edit-source'; turn: string; text: string }
  | { kind: 'edit-view'; turn: string; audience: string; text: string };

/** The id of the turn step `n` (counted from 1) makes: scenes name it in later edit steps. */
export const stepTurnId = (n: number): string => `step-${n}`;

const key = (name: string) => name.trim().toLocaleLowerCase();

/** Resolves names to ids and checks each step against presence at that point. Returns a plan or one problem. */
export function planSteps(
  story: StoryJson,
  rawSteps: unknown[],
): { ok: true; plan: StepPlan[] } | { ok: false; detail: string } {
  const byName = new Map(story.participants.map((p) => [key(p.name), p]));
  const present = new Map(story.participants.map((p) => [p.id, p.present]));
  const user = story.participants.find((p) => p.kind === 'user');
  const turns = new Set(story.turns.map((t) => t.id));
  const plan: StepPlan[] = [];
  for (const [i, raw] of rawSteps.entries()) {
    const at = `steps[${i}]`;
    const parsed = stepSchema.safeParse(raw);
    if (!parsed.success) {
      return {
        ok: false,
        detail: `${at}: not a step (use {"user": text}, {"as": name, "text": text}, {"act": "auto" | name}, {"present": {name: true|false}}, {"edit": {"turn": id, "source": text}} or {"edit": {"turn": id, "audience": name, "text": text}})`,
      };
    }
    const step = parsed.data;
    const who = (name: string) => byName.get(key(name));
    if ('user' in step) {
      if (!user) return { ok: false, detail: `${at}: the story has no user` };
      plan.push({ kind: 'author', author: user.id, text: step.user });
    } else if ('as' in step) {
      const p = who(step.as);
      if (!p) return { ok: false, detail: `${at}.as: no participant named "${step.as}"` };
      plan.push({ kind: 'author', author: p.id, text: step.text });
    } else if ('act' in step) {
      if (step.act === 'auto') {
        const any = story.participants.some((p) => p.kind === 'character' && present.get(p.id));
        if (!any) return { ok: false, detail: `${at}: "auto" but no character is present` };
        plan.push({ kind: 'act', actor: 'auto' });
      } else {
        const p = who(step.act);
        if (!p) return { ok: false, detail: `${at}.act: no participant named "${step.act}"` };
        if (p.kind === 'user')
          return {
            ok: false,
            detail: `${at}.act: "${p.name}" is the user, who writes turns ({"user": text}) rather than acting`,
          };
        if (!present.get(p.id))
          return { ok: false, detail: `${at}.act: "${p.name}" is not present at this step` };
        plan.push({ kind: 'act', actor: p.id });
      }
    } else if ('present' in step) {
      const changes: Array<{ id: string; present: boolean }> = [];
      for (const [name, value] of Object.entries(step.present)) {
        const p = who(name);
        if (!p) return { ok: false, detail: `${at}.present: no participant named "${name}"` };
        present.set(p.id, value);
        changes.push({ id: p.id, present: value });
      }
      plan.push({ kind: 'present', changes });
    } else {
      const edit = step.edit;
      if (!turns.has(edit.turn))
        return {
          ok: false,
          detail: `${at}.edit.turn: "${edit.turn}" is neither a turn of the story nor made by an earlier step (step N makes the turn "step-N")`,
        };
      if ('source' in edit) plan.push({ kind: 'edit-source', turn: edit.turn, text: edit.source });
      else {
        const p = who(edit.audience);
        if (!p) return { ok: false, detail: `${at}.edit.audience: no participant named "${edit.audience}"` };
        plan.push({ kind: 'edit-view', turn: edit.turn, audience: p.id, text: edit.text });
      }
    }
    const made = plan.at(-1)?.kind;
    if (made === 'author' || made === 'act') turns.add(stepTurnId(i + 1));
  }
  return { ok: true, plan };
}

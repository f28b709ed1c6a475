// L2: a separate model call (prompt `eval/judge`) reads one text and says which of the listed secrets
// it reveals, in any wording. Its answer is JSON checked with zod; ids outside the list are refused.
import { z } from 'zod';
import type { Language } from '../doc/schema.ts';
import type { ChatModel, ModelFailureCode } from '../model.ts';
import { renderPrompt, type PromptSet } from '../prompts/render.ts';
import { jsonAnswer } from '../validation/index.ts';
import type { JudgeItem } from './observe.ts';

/** A judge that answers off the list twice is counted as failed for that text, not asked forever. */
const JUDGE_ATTEMPTS = 2;
/** Judging is reading, not writing: as deterministic as the backend allows. */
const JUDGE_TEMPERATURE = 0;
/** A list of ids is short. */
const JUDGE_MAX_TOKENS = 200;

const verdictSchema = z.strictObject({ revealed: z.array(z.string()) });

/** A failed verdict: the model's failure code when the call itself failed, none when its answers did not fit. */
export type JudgeVerdict =
  { ok: true; revealed: Set<string> } | { ok: false; detail: string; code?: ModelFailureCode };

export async function judge(
  model: ChatModel,
  prompts: PromptSet,
  language: Language,
  item: JudgeItem,
  signal?: AbortSignal,
): Promise<JudgeVerdict> {
  const ids = item.facts.map((f) => f.id);
  const content = renderPrompt(prompts, language, 'eval/judge', {
    who: item.who,
    facts: item.facts.map((f) => `- ${f.id}: ${f.fact}`).join('\n'),
    text: item.text,
  });
  let detail = '';
  for (let attempt = 0; attempt < JUDGE_ATTEMPTS; attempt++) {
    const answer = await model.complete({
      messages: [{ role: 'user', content }],
      temperature: JUDGE_TEMPERATURE,
      max_tokens: JUDGE_MAX_TOKENS,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'eval_judge',
          strict: true,
          schema: {
            type: 'object',
            properties: { revealed: { type: 'array', items: { type: 'string', enum: ids } } },
            required: ['revealed'],
            additionalProperties: false,
          },
        },
      },
      ...(signal ? { signal } : {}),
    });
    if (!answer.ok) return { ok: false, detail: answer.detail, code: answer.code };
    const parsed = verdictSchema.safeParse(jsonAnswer(answer.text)?.json);
    if (parsed.success && parsed.data.revealed.every((id) => ids.includes(id)))
      return { ok: true, revealed: new Set(parsed.data.revealed) };
    detail = `the judge answered ${JSON.stringify(answer.text.slice(0, 120))}, not {"revealed": [ids from the list]}`;
  }
  return { ok: false, detail };
}

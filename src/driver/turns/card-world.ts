// The import's optional model step: a card's free text split into world pieces — the character, the
// people, places, factions, things and lore it names — for the person to accept one by one. One
// structured call (the chronicler's budget and temperature: a careful reader, not a writer); the
// answer is validated (kinds, names, the character's own piece first) and asked again with the reason.
import { z } from 'zod';
import type { Card, Language } from '../doc/schema.ts';
import { WORLD_NODE_KINDS, type WorldNodeKind } from '../doc/world.ts';
import type { DriverEnv, DriverResult } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import type { ChatRequest } from '../model.ts';
import { renderPrompt } from '../prompts/render.ts';
import { fitRequest } from '../budget/fit.ts';
import { requestBudget } from '../budget/request-budget.ts';
import { estimateMessages } from '../budget/tokens.ts';
import { jsonAnswer } from '../validation/index.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import { samplingFor } from './sampling.ts';

export interface WorldPiece {
  kind: WorldNodeKind;
  name: string;
  body: string;
}

/** Room for a card's worth of pieces: well over a chronicle's. */
const PIECES_MAX_TOKENS = 1500;

const answerSchema = z.object({
  pieces: z
    .array(
      z.object({
        kind: z.enum(WORLD_NODE_KINDS as [WorldNodeKind, ...WorldNodeKind[]]),
        name: z.string().trim().min(1).max(200),
        body: z.string().trim().max(20_000),
      }),
    )
    .min(1),
});

const CARD_ORDER = ['description', 'personality', 'scenario', 'firstMessage', 'exampleDialogue'] as const;

function cardText(card: Card): string {
  return CARD_ORDER.flatMap((f) => (card[f]?.trim() ? [`${f}: ${card[f]?.trim()}`] : [])).join('\n\n');
}

function verdict(text: string, name: string, language: Language) {
  const parsed = answerSchema.safeParse(jsonAnswer(text)?.json);
  if (!parsed.success)
    return {
      ok: false as const,
      reason: tr(
        language,
        'The answer is not {"pieces": [{"kind", "name", "body"}]} with a known kind: {issue}',
        {
          issue:
            `${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
        },
      ),
    };
  const pieces = parsed.data.pieces;
  const first = pieces[0];
  if (!first || first.kind !== 'character' || first.name.toLocaleLowerCase() !== name.toLocaleLowerCase())
    return {
      ok: false as const,
      reason: tr(language, 'The first piece must be {name} themself, of kind "character".', { name }),
    };
  const seen = new Set<string>();
  for (const p of pieces) {
    const key = p.name.toLocaleLowerCase();
    if (seen.has(key))
      return {
        ok: false as const,
        reason: tr(language, '{name} is given twice: one piece per thing.', { name: p.name }),
      };
    seen.add(key);
  }
  return { ok: true as const, value: pieces };
}

/** The card of `name` split into world pieces, or why not (the model's failure, or its answers refused). */
export async function cardWorldPieces(
  env: DriverEnv,
  input: { name: string; card: Card; language: Language },
): Promise<DriverResult<{ pieces: WorldPiece[] }>> {
  return guardPrompts(async () => {
    const { name, card, language } = input;
    const request: ChatRequest = {
      messages: [
        {
          role: 'system',
          content: renderPrompt(env.prompts, language, 'import/card-world', { name, card: cardText(card) }),
        },
        {
          role: 'user',
          content: renderPrompt(env.prompts, language, 'import/card-world-task', {
            name,
            kinds: WORLD_NODE_KINDS.join(', '),
          }),
        },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'world_pieces',
          strict: true,
          schema: {
            type: 'object',
            properties: {
              pieces: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    kind: { type: 'string', enum: [...WORLD_NODE_KINDS] },
                    name: { type: 'string' },
                    body: { type: 'string' },
                  },
                  required: ['kind', 'name', 'body'],
                  additionalProperties: false,
                },
              },
            },
            required: ['pieces'],
            additionalProperties: false,
          },
        },
      },
      ...samplingFor(env, 'chronicler'),
    };
    const base = await requestBudget(env, 'chronicler', env.models.projector);
    const maxTokens = Math.min(PIECES_MAX_TOKENS, Math.floor(base.context / 2));
    const budget = {
      ...base,
      maxTokens,
      promptTokens: Math.max(0, base.promptTokens - (maxTokens - base.maxTokens)),
    };
    const fitted = await fitRequest(budget, {
      entries: [],
      build: () => request,
      messages: (r) => r.messages,
      stable: estimateMessages(request.messages),
      volatile: 0,
      reserve: 0,
    });
    const result = await generateValidated(env, {
      model: env.models.projector,
      language,
      fitted,
      validate: (text) => verdict(text, name, language),
    });
    return result.ok ? { ok: true, pieces: result.value } : result;
  });
}

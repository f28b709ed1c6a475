// The `roll` tool a character's model may call while it writes its turn (setting `characterDice`, a
// backend with tool calls: DI4). The program rolls with the env's random numbers and answers the call
// with the result, so the model writes its turn knowing it; the rolls of the turn so far are given back
// as answered calls at the start of every request for it (a retry, a regeneration, a continue), so
// what was rolled is never rolled again (DI5). At most MAX_TURN_ROLLS rolls; after that the model is
// told so and asked once more without the tool, so it writes its turn (DI6).
import type { Language } from '../doc/schema.ts';
import { MAX_TURN_ROLLS } from '../doc/turn-rolls.ts';
import type { DriverEnv, Story } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import type { ChatMessage, ChatModel, ChatRequest, ToolCall, ToolSpec } from '../model.ts';
import { parseDice, rollDice, shownOf, type DiceRoll } from './dice.ts';

export const ROLL_TOOL: ToolSpec = {
  name: 'roll',
  description:
    'Roll dice for the outcome of something you attempt. The app rolls them and answers with each die and the total; the result stands.',
  parameters: {
    type: 'object',
    properties: {
      notation: { type: 'string', description: 'The dice, written as 2d6+1, d20 or 3d8-2.' },
    },
    required: ['notation'],
    additionalProperties: false,
  },
};

/**
 * Model calls one answer may take: a roll per call up to the limit, room for two refused calls (bad
 * notation, no JSON), then the last request, made without the tool.
 */
const MAX_TOOL_ROUNDS = MAX_TURN_ROLLS + 3;

/** Whether the actor is offered the tool: the story's setting is on, and its backend takes tool calls. */
export function diceOffered(story: Story, env: Pick<DriverEnv, 'models' | 'random'>): boolean {
  return (
    story.views.meta().settings.characterDice === true &&
    env.models.actor.toolCalls === true &&
    env.random !== undefined
  );
}

/** The rolls of one turn: those that stand already (a regenerated or continued turn's), then the new ones. */
export interface TurnDice {
  rolls: DiceRoll[];
}

const offersRoll = (request: ChatRequest): boolean => request.tools?.some((t) => t.name === 'roll') === true;

/** What the tool answers for a roll made: each die and the total, in the story's language. */
export const rollAnswer = (roll: DiceRoll, language: Language): string =>
  tr(language, 'Rolled {notation}: {shown}.', { notation: roll.notation, shown: shownOf(roll) });

/** The rolls that stand, as calls the model made and their answers. */
function standing(rolls: readonly DiceRoll[], language: Language): ChatMessage[] {
  return rolls.flatMap((roll, i) => {
    const id = `roll-${i + 1}`;
    return [
      {
        role: 'assistant' as const,
        content: '',
        toolCalls: [{ id, name: ROLL_TOOL.name, arguments: JSON.stringify({ notation: roll.notation }) }],
      },
      { role: 'tool' as const, content: rollAnswer(roll, language), toolCallId: id },
    ];
  });
}

function notationArg(call: ToolCall): string | null {
  try {
    const args: unknown = JSON.parse(call.arguments);
    const notation = (args as { notation?: unknown } | null)?.notation;
    return typeof notation === 'string' ? notation : null;
  } catch {
    return null;
  }
}

/** One call answered: a roll made and kept in `dice`, or why none was. */
function answerCall(call: ToolCall, dice: TurnDice, language: Language, random: () => number): string {
  if (call.name !== ROLL_TOOL.name)
    return tr(language, 'There is no tool {name}, only roll. Write your turn.', { name: call.name });
  if (dice.rolls.length >= MAX_TURN_ROLLS)
    return tr(
      language,
      'No more rolls in this turn: {count} is the most. Write your turn now with the rolls you have.',
      { count: MAX_TURN_ROLLS },
    );
  const notation = notationArg(call);
  if (notation === null) return tr(language, 'The dice were not rolled: give them as {"notation": "2d6+1"}.');
  const parsed = parseDice(notation, language);
  if (!parsed.ok) return tr(language, 'The dice were not rolled: {reason}', { reason: parsed.detail });
  const roll = rollDice(parsed.spec, random);
  dice.rolls.push(roll);
  const answer = rollAnswer(roll, language);
  return dice.rolls.length < MAX_TURN_ROLLS
    ? answer
    : `${answer} ${tr(language, 'That was the last roll of this turn: write your turn now.')}`;
}

/**
 * `model` for the actor's requests: one that offers `roll` runs the calls to their end here — the
 * standing rolls given back first — and answers with the turn's text; any other passes through.
 */
export function withRolls(
  model: ChatModel,
  dice: TurnDice,
  language: Language,
  random: (() => number) | undefined,
): ChatModel {
  return {
    async complete(request) {
      if (!offersRoll(request) || !random) return model.complete(request);
      const { tools, ...rest } = request;
      const messages = [...request.messages, ...standing(dice.rolls, language)];
      for (let round = 1; ; round++) {
        const last = round === MAX_TOOL_ROUNDS || dice.rolls.length >= MAX_TURN_ROLLS;
        const answer = await model.complete({ ...rest, messages, ...(last ? {} : { tools }) });
        if (!answer.ok || !answer.toolCalls?.length || last) return answer;
        messages.push({ role: 'assistant', content: answer.text, toolCalls: answer.toolCalls });
        for (const call of answer.toolCalls)
          messages.push({
            role: 'tool',
            content: answerCall(call, dice, language, random),
            toolCallId: call.id,
          });
      }
    },
  };
}

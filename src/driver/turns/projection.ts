// Projects one source turn to one audience: an isolated call that gets that audience's POV history
// before the turn, the speaker's name and exactly the one new source — nothing private, nothing of
// another audience. The answer is a perception in the second person, or exactly <empty>.
import { writePov } from '../doc/pov.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import type { ChatRequest } from '../model.ts';
import { renderPrompt } from '../prompts/render.ts';
import { samplingFor } from './sampling.ts';
import { formatTranscript } from '../views/transcript-text.ts';
import { validateProjection } from '../validation/index.ts';

export function projectionRequest(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
): ChatRequest {
  const { views } = story;
  const language = views.meta().language;
  const { nameOf } = views.cast();
  const turn = views.node(turnId).turn;
  const history = views.transcript(audience, { leaf: turnId, before: turnId });
  const target = nameOf(audience);
  return {
    messages: [
      {
        role: 'system',
        content: renderPrompt(env.prompts, language, 'roleplay/projector', {
          target,
          history: formatTranscript(history, nameOf, language),
        }),
      },
      {
        role: 'user',
        content: renderPrompt(env.prompts, language, 'roleplay/projector-task', {
          speaker: nameOf(turn.author),
          target,
          source: turn.source,
        }),
      },
    ],
    ...samplingFor(env, 'projector'),
  };
}

/** Checks one projection answer for `audience` of a turn by `author`. */
export function projectionVerdict(story: Story, author: string, audience: string) {
  const cast = story.views.cast();
  const ctx = {
    target: cast.nameOf(audience),
    speaker: cast.nameOf(author),
    participants: cast.participants.map((p) => p.name),
    language: story.views.meta().language,
  };
  return (text: string) => {
    const v = validateProjection(text, ctx);
    return v.ok
      ? { ok: true as const, value: { perceived: v.perceived, text: v.text } }
      : { ok: false as const, reason: v.reason };
  };
}

export async function projectTurn(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
): Promise<DriverResult> {
  return guardPrompts(async () => {
    const node = story.views.node(turnId);
    // The basis is taken now, with the request: if the history moves meanwhile, the record is stale at once.
    const basis = node.pov.get(audience)?.expected;
    if (basis === undefined) throw new Error(`${audience} is not a non-author audience of turn ${turnId}`);
    const request = projectionRequest(story, env, turnId, audience);
    const result = await generateValidated(
      env,
      env.models.projector,
      story.views.meta().language,
      request,
      projectionVerdict(story, node.turn.author, audience),
      { op: 'projector', audience, turnId },
    );
    if (!result.ok) return result;
    writePov(
      story.doc,
      turnId,
      audience,
      {
        ...result.value,
        basis,
        origin: 'generated',
        createdAt: isoNow(env),
        ...(result.model ? { model: result.model } : {}),
      },
      env.origin,
    );
    return { ok: true };
  });
}

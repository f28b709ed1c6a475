// The limits of a model on an OpenAI-compatible server: the context the server says it runs with,
// asked once and kept (asked again only when nothing reached the server or it had not loaded the
// model yet), and an exact token count where the server or the model's family allows one.
import { ContextSource, type ModelLimits } from '../../../driver/model.ts';
import { detectServerContext, type ServerContext, type ServerTarget } from './server-context.ts';
import { openAIModelCounter, serverCounter } from './token-count.ts';

/** The model's `limits()`: never throws; a server that tells nothing gives `contextTokens: null`. */
export function createServerLimits(target: ServerTarget): () => Promise<ModelLimits> {
  const familyCounter = openAIModelCounter(target.model);
  let asked: Promise<ServerContext> | undefined;
  const serverContext = (): Promise<ServerContext> => {
    if (asked) return asked;
    const pending = detectServerContext(target);
    asked = pending;
    void pending.then((context) => {
      if (context.askAgain && asked === pending) asked = undefined;
    });
    return pending;
  };
  return async () => {
    const { server, contextTokens } = await serverContext();
    const countTokens = serverCounter(server, target) ?? familyCounter;
    return {
      contextTokens,
      ...(contextTokens !== null ? { source: ContextSource.server } : {}),
      ...(countTokens ? { countTokens } : {}),
    };
  };
}

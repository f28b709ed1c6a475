// The limits of a model on an OpenAI-compatible server: the context the server says it runs with,
// asked once and kept (asked again only when nothing reached the server or it had not loaded the
// model yet), and an exact token count where the server or the model's family allows one.
import { ContextSource, type ModelLimits } from '../../driver/model.ts';
import { detectServerContext, ServerKind, type ServerContext, type ServerTarget } from './server-context.ts';
import { openAIModelCounter, serverCounter } from './token-count.ts';

/**
 * The first llama.cpp build that keeps prompts in host memory beside its slots (`--cache-ram`, 8 GiB by
 * default: ggml-org/llama.cpp#16391, October 2025): one slot then restores a participant's prompt
 * instead of reading it again.
 */
export const LLAMA_PROMPT_CACHE_BUILD = 6700;

/** How many requests' prompts the server keeps at once, as far as it says (`ModelLimits.promptSlots`). */
function promptSlotsOf(told: ServerContext): { promptSlots?: number } {
  if (told.server === ServerKind.koboldCpp) return { promptSlots: 1 };
  if (told.server !== ServerKind.llamaCpp || (told.build ?? 0) >= LLAMA_PROMPT_CACHE_BUILD) return {};
  return { promptSlots: told.slots ?? 1 };
}

export interface ServerLimits {
  /** The model's `limits()`: never throws; a server that tells nothing gives `contextTokens: null`. */
  limits(): Promise<ModelLimits>;
  /** What the server said of itself (its kind, context, slots), asked once as `limits` asks it. */
  server(): Promise<ServerContext>;
}

export function createServerLimits(target: ServerTarget): ServerLimits {
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
  return {
    server: serverContext,
    async limits() {
      const told = await serverContext();
      const { server, contextTokens } = told;
      const countTokens = serverCounter(server, target) ?? familyCounter;
      return {
        contextTokens,
        ...(contextTokens !== null ? { source: ContextSource.server } : {}),
        ...(countTokens ? { countTokens } : {}),
        ...promptSlotsOf(told),
      };
    },
  };
}

// What Settings says of how a server keeps prompts (L9): each participant's requests begin alike, so a
// server that keeps a prompt per participant reads only what is new when the point of view changes;
// one that keeps a single prompt reads the whole window again. Said from what the server told of
// itself (server-context.ts), with the setting that helps; nothing where the server said nothing.
import { ServerKind, type ServerContext } from './openai/server-context.ts';
import type { Wording } from './wording.ts';

export function promptKeeping(context: ServerContext, wording: Wording): string | undefined {
  switch (context.server) {
    case ServerKind.llamaCpp: {
      // total_slots from /props: what -np set (chat-model.ts sends each key to a slot of its own).
      const slots = context.slots ?? 1;
      return slots > 1
        ? wording("Each participant's requests go to a slot of their own ({slots} slots).", { slots })
        : wording(
            "llama-server keeps one prompt per slot: start it with -np N --kv-unified (N = the story's participants + 1) so each participant keeps theirs (recent builds also keep prompts in RAM: --cache-ram).",
          );
    }
    case ServerKind.ollama:
      return wording('Ollama keeps one prompt per model unless started with OLLAMA_NUM_PARALLEL=N.');
    case ServerKind.koboldCpp:
      return wording('KoboldCpp keeps one prompt: every change of point of view reads the window again.');
    case ServerKind.lmStudio:
      // Its llama.cpp engine runs that many requests at once, each in a slot of its own (LM Studio's docs).
      return wording(
        "LM Studio can keep a prompt per request it runs at once: load the model with Max Concurrent Predictions (advanced load settings) at the story's participants + 1.",
      );
    case ServerKind.vllm:
      return wording('vLLM keeps prompts by itself (prefix caching).');
    case ServerKind.openRouter:
    case null:
      return undefined;
    default:
      return context.server satisfies never;
  }
}

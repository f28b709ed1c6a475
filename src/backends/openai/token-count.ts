// Exact token counts of a prompt where they can be had: the server's own tokenizer (llama.cpp's
// /tokenize, KoboldCpp's tokencount) or, for OpenAI's models, their published encodings through
// gpt-tokenizer, imported only when first used (its tables are megabytes the app's first load skips).
import { z } from 'zod';
import { requestJson, type JsonTarget } from './json-request.ts';
import { ServerKind, serverRoot } from './server-context.ts';

/** The tokens of a text, or null when it cannot be counted now (the driver estimates then). */
export type CountTokens = (text: string) => Promise<number | null>;

/** A count that takes longer than this is not worth its wait: the driver's estimate is at hand. */
export const COUNT_TIMEOUT_MS = 5_000;

const llamaTokens = z.object({ tokens: z.array(z.unknown()) });
/** KoboldCpp answers -1 when it could not count. */
const koboldCount = z.object({ value: z.int().nonnegative() });

export interface CounterTarget extends JsonTarget {
  baseURL: string;
}

/** The server's own counter, for the servers that have one. */
export function serverCounter(server: ServerKind | null, target: CounterTarget): CountTokens | undefined {
  const root = serverRoot(target.baseURL);
  switch (server) {
    case ServerKind.llamaCpp:
      return async (text) => {
        const answer = llamaTokens.safeParse(await postJson(target, `${root}/tokenize`, { content: text }));
        return answer.success ? answer.data.tokens.length : null;
      };
    case ServerKind.koboldCpp:
      return async (text) => {
        const answer = koboldCount.safeParse(
          await postJson(target, `${root}/api/extra/tokencount`, { prompt: text }),
        );
        return answer.success ? answer.data.value : null;
      };
    case ServerKind.ollama:
    case ServerKind.lmStudio:
    case ServerKind.vllm:
    case ServerKind.openRouter:
    case null:
      return undefined;
    default:
      return server satisfies never;
  }
}

/** OpenAI's families by encoding, tried in order (gpt-4.1 before gpt-4); a routed name may say `openai/`. */
const OPENAI_ENCODINGS: ReadonlyArray<[RegExp, () => Promise<Encoder>]> = [
  [
    /^(?:openai\/)?(?:gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o[134])(?:$|[-.:])/,
    () => import('gpt-tokenizer/encoding/o200k_base'),
  ],
  [/^(?:openai\/)?(?:gpt-4|gpt-3\.5)(?:$|[-.:])/, () => import('gpt-tokenizer/encoding/cl100k_base')],
];

interface Encoder {
  countTokens(text: string, options: { disallowedSpecial: Set<string> }): number;
}

/** A local count for OpenAI's models (gpt-4o, gpt-4.1, gpt-4, gpt-3.5, o1/o3/o4…), by their encoding. */
export function openAIModelCounter(model: string): CountTokens | undefined {
  const load = OPENAI_ENCODINGS.find(([family]) => family.test(model))?.[1];
  if (!load) return undefined;
  let encoder: Promise<Encoder> | undefined;
  return async (text) => {
    try {
      const { countTokens } = await (encoder ??= load());
      // A prompt quoting `<|endoftext|>` is text here, not a special token (the default refuses it).
      return countTokens(text, { disallowedSpecial: new Set() });
    } catch {
      encoder = undefined; // a chunk that failed to load may load next time
      return null;
    }
  };
}

async function postJson(target: CounterTarget, url: string, body: unknown): Promise<unknown> {
  return (await requestJson(target, url, { body, timeoutMs: COUNT_TIMEOUT_MS })).json;
}

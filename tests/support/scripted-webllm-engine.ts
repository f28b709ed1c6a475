// A stand-in for WebLLM's MLCEngine at the adapter boundary: answers from a script, streams or not,
// honours interruptGenerate between decode steps like the real engine, and counts how many
// generations run at once, so tests can prove the adapter never overlaps two. Its shape is
// WebllmEngineLike, which the real engine (@mlc-ai/web-llm 0.2.86) is type-checked against in loader.ts.
import type {
  WebllmChatParams,
  WebllmChunkLike,
  WebllmCompletionLike,
  WebllmEngineLike,
  WebllmUsageLike,
} from '../../src/backends/webllm/engine.ts';

export interface EngineReply {
  text: string;
  /** Characters per decode step (default 3), so even short answers take several steps. */
  pieceSize?: number;
  /** Milliseconds per decode step (default 1). */
  stepMs?: number;
  /** The "prefill" waits for this before the first step (not interruptible, like the real one). */
  gate?: Promise<void>;
  /** Thrown by create() (a request check) or, with afterSteps, by a later decode step. */
  error?: Error;
  afterSteps?: number;
  /** Finish reason of an uninterrupted answer (default 'stop'); null leaves it out. */
  finish?: 'stop' | 'length' | null;
  /** The counts the engine reports (default: a quarter of the characters sent and answered). */
  usage?: WebllmUsageLike;
}

export type EngineScript = (params: WebllmChatParams, n: number) => string | EngineReply;

export interface ScriptedWebllmEngine extends WebllmEngineLike {
  /** Every request that reached the engine, in order, with its number from 1. */
  calls: Array<{ n: number; params: WebllmChatParams }>;
  interrupts: number;
  /** Generations in progress now, and the most there ever were at once. */
  active: number;
  maxActive: number;
  /** Requests that have finished (answer complete, interrupted or failed). */
  finished: number[];
  unloaded: boolean;
  unload(): Promise<void>;
}

/** An error shaped like WebLLM's: the adapter matches on the name. */
export function webllmError(name: string, message = `${name} from the scripted engine`): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

export function createScriptedWebllmEngine(script: EngineScript): ScriptedWebllmEngine {
  let interruptSignal = false;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  const engine: ScriptedWebllmEngine = {
    calls: [],
    interrupts: 0,
    active: 0,
    maxActive: 0,
    finished: [],
    unloaded: false,
    async unload() {
      engine.unloaded = true;
    },
    interruptGenerate() {
      engine.interrupts++;
      interruptSignal = true;
    },
    chat: {
      completions: {
        async create(params: WebllmChatParams) {
          const n = engine.calls.length + 1;
          engine.calls.push({ n, params: structuredClone(params) });
          const raw = script(params, n);
          const reply: EngineReply = typeof raw === 'string' ? { text: raw } : raw;
          if (reply.error && reply.afterSteps === undefined) {
            engine.finished.push(n);
            throw reply.error;
          }
          const begin = () => {
            engine.active++;
            engine.maxActive = Math.max(engine.maxActive, engine.active);
            interruptSignal = false; // like WebLLM: a request starts with the interrupt cleared
          };
          const end = () => {
            engine.active--;
            engine.finished.push(n);
          };
          if (params.stream) return stream(reply, n, begin, end);
          begin();
          try {
            let text = '';
            let interrupted = false;
            for await (const piece of decode(reply)) {
              if (piece === undefined) {
                interrupted = true;
                break;
              }
              text += piece;
            }
            const completion: WebllmCompletionLike = {
              model: params.model ?? 'scripted',
              choices: [
                {
                  message: { content: text },
                  finish_reason: interrupted ? 'abort' : (reply.finish ?? 'stop'),
                },
              ],
              usage: usageOf(params, reply),
            };
            return completion;
          } finally {
            end();
          }
        },
      },
    },
  };

  /** Decode steps: each yields a piece, or undefined when an interrupt stopped the generation. */
  async function* decode(reply: EngineReply): AsyncGenerator<string | undefined> {
    await reply.gate;
    const size = reply.pieceSize ?? 3;
    const points = Array.from(reply.text);
    for (let i = 0, step = 0; i < points.length; i += size, step++) {
      if (interruptSignal) {
        yield undefined;
        return;
      }
      if (reply.error && reply.afterSteps === step) throw reply.error;
      await sleep(reply.stepMs ?? 1);
      yield points.slice(i, i + size).join('');
    }
  }

  /** Like WebLLM's asyncGenerate: nothing runs until the first next(); a final chunk carries the finish. */
  async function* stream(
    reply: EngineReply,
    n: number,
    begin: () => void,
    end: () => void,
  ): AsyncGenerator<WebllmChunkLike> {
    begin();
    const model = engine.calls[n - 1]?.params.model ?? 'scripted';
    try {
      yield { model, choices: [{ delta: { content: '' }, finish_reason: null }] };
      let interrupted = false;
      for await (const piece of decode(reply)) {
        if (piece === undefined) {
          interrupted = true;
          break;
        }
        yield { model, choices: [{ delta: { content: piece }, finish_reason: null }] };
      }
      const finish = interrupted ? 'abort' : reply.finish === undefined ? 'stop' : reply.finish;
      if (finish) yield { model, choices: [{ delta: {}, finish_reason: finish }] };
      // Like WebLLM, the last chunk has no choices, and the usage only when asked for.
      const params = engine.calls[n - 1]?.params;
      yield {
        model,
        choices: [],
        ...(params?.stream_options?.include_usage ? { usage: usageOf(params, reply) } : {}),
      };
    } finally {
      end();
    }
  }

  return engine;
}

/** Characters per token of the default usage: a deterministic count, not a tokenizer. */
const CHARS_PER_TOKEN = 4;

function usageOf(params: WebllmChatParams, reply: EngineReply): WebllmUsageLike {
  const sent = params.messages.reduce((sum, m) => sum + m.content.length, 0);
  return (
    reply.usage ?? {
      prompt_tokens: Math.max(1, Math.ceil(sent / CHARS_PER_TOKEN)),
      completion_tokens: Math.ceil(reply.text.length / CHARS_PER_TOKEN),
    }
  );
}

// WebLLM goes on with a conversation in place when a request's history is exactly the engine's last
// conversation (its messages and the answer it gave, finished), reusing the KV cache; its usage then
// counts as the prompt only the tokens newly prefilled ("only the new portion of the prompt"). Such a
// count measures no prompt, so an answer to a request that may have gone on in place reports none.
import type { WebllmMessage } from './engine.ts';

/** Per engine: the conversation its last clean answer ended, which a request may continue. */
const conversations = new WeakMap<object, WebllmMessage[]>();

export interface EngineTurn {
  /** The engine may have gone on in place: its prompt count is not the whole prompt's. */
  continued: boolean;
  /** The turn ended with this answer; only a clean finish ('stop') can be gone on from. */
  end(answer: string, finish: string | null | undefined): void;
}

/** Starts a request's turn on the engine: until it ends cleanly, nothing is there to continue. */
export function startTurn(engine: object, messages: readonly WebllmMessage[]): EngineTurn {
  const last = conversations.get(engine);
  conversations.delete(engine);
  const history = messages.slice(0, -1);
  const continued =
    last !== undefined &&
    last.length === history.length &&
    last.every((m, i) => m.role === history[i]?.role && m.content === history[i]?.content);
  return {
    continued,
    end(answer, finish) {
      if (finish === 'stop') conversations.set(engine, [...messages, { role: 'assistant', content: answer }]);
    },
  };
}

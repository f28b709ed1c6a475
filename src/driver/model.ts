// The one model interface every operation calls: shaped like OpenAI chat completions so the
// OpenAI-compatible backend, WebLLM and the scripted test model all implement it directly.

/** `tool`: the result of one of the model's tool calls, sent back to it (OpenAI's tool message). */
export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** On an assistant message: the tool calls it made (sent back so the model sees its own calls). */
  toolCalls?: ToolCall[];
  /** On a tool message: the call it answers. */
  toolCallId?: string;
  /**
   * How much of `content` (in characters) the other requests made for the same participant begin with
   * (point-of-view.ts): where a server that caches only where it is told (Anthropic's `cache_control`)
   * is told to keep the prompt.
   */
  sharedUpTo?: number;
}

/** A tool the model may call: its arguments are a JSON schema (OpenAI's function tools). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One call the model made: `arguments` is the JSON text it wrote, unparsed (it may be invalid). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A JSON schema the answer must follow (constrained decoding where the backend supports it). */
export interface JsonSchemaFormat {
  type: 'json_schema';
  json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean };
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  /** Where the answer ends: the server stops before any of these. */
  stop?: string[];
  response_format?: JsonSchemaFormat;
  /** Tools the model may call; only sent to a model whose `toolCalls` is true. */
  tools?: ToolSpec[];
  /** Ask the backend to stream; tokens arrive through onToken, the result is still the whole text. */
  stream?: boolean;
  onToken?: (delta: string) => void;
  signal?: AbortSignal;
  /**
   * Whose prompt this is: requests with one key begin alike (one participant of one story, or the
   * story's selector), so a server that keeps prompts by key or by slot keeps them together.
   */
  cacheKey?: string;
  /**
   * The request's prompt is no participant's (the selector's, a batch's): on a server with fewer slots
   * than keys it borrows one instead of taking it, so no participant loses its slot for it.
   */
  cacheGuest?: boolean;
}

export const ModelFailureCode = {
  unreachable: 'unreachable',
  unauthorized: 'unauthorized',
  modelNotFound: 'model-not-found',
  rateLimited: 'rate-limited',
  malformed: 'malformed',
  server: 'server',
  cancelled: 'cancelled',
  invalid: 'invalid',
  /** No backend on this device serves the operation: what to set up is said in the detail. */
  noBackend: 'no-backend',
  /** The server refused a request because it carried `tools`: ask again with the JSON fallback. */
  toolsRefused: 'tools-refused',
} as const;
export type ModelFailureCode = (typeof ModelFailureCode)[keyof typeof ModelFailureCode];

export interface ModelFailure {
  ok: false;
  code: ModelFailureCode;
  /** What happened and what to do, in words a user can act on. */
  detail: string;
}

export interface ModelAnswer {
  ok: true;
  text: string;
  model?: string;
  /**
   * What the server counted, when it says (OpenAI's `usage`): calibrates the driver's estimates.
   * `cachedTokens`: how many of the prompt's tokens it reused from a kept prompt instead of computing
   * them, when it says (llama.cpp's `timings.cache_n`, OpenAI's `prompt_tokens_details.cached_tokens`,
   * DeepSeek's `prompt_cache_hit_tokens`).
   */
  usage?: { promptTokens: number; completionTokens?: number; cachedTokens?: number };
  /** The calls the model made instead of (or besides) text, when it was given tools. */
  toolCalls?: ToolCall[];
  /** Why it stopped, as the server says (`stop`, `length`, `tool_calls`…); `length`: the reply limit cut it. */
  finishReason?: string;
}

export type ChatResult = ModelAnswer | ModelFailure;

/** Where a context length came from: told by the server, set by the person, or the model's record. */
export const ContextSource = { server: 'server', setting: 'setting', record: 'record' } as const;
export type ContextSource = (typeof ContextSource)[keyof typeof ContextSource];

/** What a backend knows of the model's limits, and how exactly it can count tokens. */
export interface ModelLimits {
  /** The context the model runs with (prompt + answer), in tokens; null when nothing tells it. */
  contextTokens: number | null;
  source?: ContextSource;
  /**
   * The exact number of tokens of a prompt, where the server can count (llama.cpp `/tokenize`,
   * KoboldCpp `tokencount`) or a tokenizer for the model family is known; absent: the driver
   * estimates, calibrated by the `usage` answers report.
   */
  countTokens?(text: string): Promise<number | null>;
  /**
   * How many requests' prompts the server keeps at once, when it says: llama.cpp's slots (unless its
   * prompt cache in memory keeps more), 1 for KoboldCpp and an in-browser engine; unset, as many as a
   * story needs (a cache of its own, or nothing known). With fewer than a story's participants, a change
   * of point of view reads a window again, so windows are kept short (`budget/fit.ts`).
   */
  promptSlots?: number;
}

export interface ChatModel {
  /** Never throws for an expected failure (network, auth, rate limit, cancel): returns a ModelFailure. */
  complete(request: ChatRequest): Promise<ChatResult>;
  /** The model's limits, asked once per command (the backend may cache what its server said). */
  limits?(): Promise<ModelLimits>;
  /** True when the backend takes `tools` and answers with tool calls; otherwise callers ask for JSON. */
  toolCalls?: boolean;
}

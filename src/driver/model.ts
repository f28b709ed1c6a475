// The one model interface every operation calls: shaped like OpenAI chat completions so the
// OpenAI-compatible backend, WebLLM and the scripted test model all implement it directly.

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
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
  /** Ask the backend to stream; tokens arrive through onToken, the result is still the whole text. */
  stream?: boolean;
  onToken?: (delta: string) => void;
  signal?: AbortSignal;
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
  /** What the server counted, when it says (OpenAI's `usage`): calibrates the driver's estimates. */
  usage?: { promptTokens: number; completionTokens?: number };
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
}

export interface ChatModel {
  /** Never throws for an expected failure (network, auth, rate limit, cancel): returns a ModelFailure. */
  complete(request: ChatRequest): Promise<ChatResult>;
  /** The model's limits, asked once per command (the backend may cache what its server said). */
  limits?(): Promise<ModelLimits>;
}

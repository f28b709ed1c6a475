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
}

export type ChatResult = ModelAnswer | ModelFailure;

export interface ChatModel {
  /** Never throws for an expected failure (network, auth, rate limit, cancel): returns a ModelFailure. */
  complete(request: ChatRequest): Promise<ChatResult>;
}

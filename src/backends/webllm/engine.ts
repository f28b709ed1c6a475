// The shapes of WebLLM's engine that the adapter uses (messages, a request, an answer and its chunks),
// so that a scripted engine can stand in for MLCEngine in tests, and the lane, the loader and the
// prefill reuse read them without importing the chat model.

export interface WebllmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The part of WebLLM's ChatCompletionRequest this adapter sends. */
export interface WebllmChatParams {
  model?: string;
  messages: WebllmMessage[];
  stream?: boolean;
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  stop?: string[];
  response_format?: { type: 'json_object'; schema: string };
  /** Asks for the usage of a streamed answer, in its last chunk (the one without choices). */
  stream_options?: { include_usage: boolean };
  extra_body?: { enable_thinking?: boolean };
}

/** The engine's CompletionUsage, as far as the adapter reads it. */
export interface WebllmUsageLike {
  prompt_tokens: number;
  completion_tokens?: number;
}

export interface WebllmCompletionLike {
  model?: string;
  choices: Array<{ message?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: WebllmUsageLike | null;
}

export interface WebllmChunkLike {
  model?: string;
  choices: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: WebllmUsageLike | null;
}

/** The subset of WebLLM's MLCEngine the adapter uses, so a scripted engine can stand in. */
export interface WebllmEngineLike {
  chat: {
    completions: {
      create(params: WebllmChatParams): Promise<WebllmCompletionLike | AsyncIterable<WebllmChunkLike>>;
    };
  };
  /** Engine-wide: stops whatever generation is running. */
  interruptGenerate(): Promise<void> | void;
}

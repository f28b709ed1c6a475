// A backend profile as this device saves it: which server or in-browser model, its key, and the lengths
// and sampling the person set for it. The schema the device settings validate profiles with, owned by
// the backends that read it (the worker's device settings and the CLI use it).
import { z } from 'zod';
import { MAX_REQUEST_TIMEOUT_S, MIN_REQUEST_TIMEOUT_S } from '../driver/request-deadline.ts';

/** The operations whose answers have a length of their own (max_tokens) to set per backend. */
export const AnswerOperation = {
  actor: 'actor',
  projector: 'projector',
  selector: 'selector',
  chronicler: 'chronicler',
} as const;
export type AnswerOperation = (typeof AnswerOperation)[keyof typeof AnswerOperation];

/** More than any model's context (the longest are some 10 million tokens): a larger number is a slip. */
export const MAX_SETTING_TOKENS = 2 ** 24;
const tokens = z.int().positive().max(MAX_SETTING_TOKENS);

/**
 * The actor's sampling on a backend (driver/turns/sampling.ts reads it): the ranges servers accept, as
 * the story's settings have them, written out here because this module imports nothing that reaches
 * a document (D10).
 */
const backendSamplingSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  /** At most four, the most OpenAI-compatible servers take. */
  stop: z.array(z.string().min(1)).max(4).optional(),
});

/** What the person sets of a backend's lengths; unset, the server's (or record's) and the driver's apply. */
const profileLengths = {
  /** The context the model runs with, over what the server or the model's record says. */
  contextTokens: tokens.optional(),
  /** The most tokens one answer of an operation may take on this backend. */
  maxTokens: z.partialRecord(z.enum(AnswerOperation), tokens).optional(),
  /** The actor's temperature, top-p and stop strings on this backend, for stories that set none. */
  sampling: backendSamplingSchema.optional(),
};

export const openAIProfileSchema = z.object({
  id: z.string().min(1),
  label: z.string().default(''),
  kind: z.literal('openai'),
  baseURL: z.url(),
  apiKey: z.string().default(''),
  model: z.string().default(''),
  /** How long one request may take, its answer included; unset, DEFAULT_REQUEST_TIMEOUT_S. */
  requestTimeoutSeconds: z.int().min(MIN_REQUEST_TIMEOUT_S).max(MAX_REQUEST_TIMEOUT_S).optional(),
  /**
   * The server and model that refused a request with `tools` (an assistant turn): assistants ask them
   * for JSON instead. Kept with what refused, so another server or model set in the profile is asked anew.
   */
  refusedTools: z.object({ baseURL: z.string(), model: z.string() }).optional(),
  ...profileLengths,
});

export const webllmProfileSchema = z.object({
  id: z.string().min(1),
  label: z.string().default(''),
  kind: z.literal('webllm'),
  model: z.string().default(''),
  ...profileLengths,
});

export const backendProfileSchema = z.discriminatedUnion('kind', [openAIProfileSchema, webllmProfileSchema]);
export type BackendProfile = z.infer<typeof backendProfileSchema>;

// What a request that made a turn or a view was given, stored with it for the inspector ("what X was
// given", like SillyTavern's prompt itemisation): each part's tokens against the budget, and which
// stretch of the history the window held. The request's full text is not stored (it is most of the
// story again); the inspector rebuilds it on demand.
import { z } from 'zod';

export const RequestPart = {
  instructions: 'instructions',
  card: 'card',
  persona: 'persona',
  history: 'history',
  memories: 'memories',
  state: 'state',
  known: 'known',
  source: 'source',
  task: 'task',
} as const;
export type RequestPart = (typeof RequestPart)[keyof typeof RequestPart];

export const givenSchema = z.object({
  context: z.number().int().min(0),
  maxTokens: z.number().int().min(0),
  /** Where the context length came from: the server, the person's setting, the model's record, or assumed. */
  source: z.enum(['server', 'setting', 'record', 'assumed']),
  parts: z.array(
    z.object({
      part: z.enum(Object.values(RequestPart) as [RequestPart, ...RequestPart[]]),
      tokens: z.number().int().min(0),
    }),
  ),
  /** The whole prompt's tokens: counted by the backend when `exact`, else the calibrated estimate. */
  promptTokens: z.number().int().min(0),
  exact: z.boolean(),
  /** The window: index of the first entry of the participant's transcript it held, and how many. */
  window: z.object({ start: z.number().int().min(0), entries: z.number().int().min(0) }),
  /** One request for several audiences (batched projection). */
  batch: z.boolean().optional(),
});
export type Given = z.infer<typeof givenSchema>;

/** A stored itemisation, or undefined when absent or malformed (synced data is untrusted). */
export function readGiven(value: unknown): Given | undefined {
  const parsed = givenSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

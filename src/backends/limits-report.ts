// What Settings shows of a backend profile's context: asked afresh of its server (or read from its
// in-browser model's record), with the person's setting over it, in words — and when Ollama runs the
// model with less context than it was trained for, a warning with the fix; and how the server keeps
// prompts (prompt-keeping.ts).
import type { BackendProfile } from './profile.ts';
import type { ModelLimitsReport } from './reports.ts';
import { ContextSource } from '../driver/model.ts';
import { detectServerContext, ServerKind, type ServerContext } from './openai/server-context.ts';
import { promptKeeping } from './prompt-keeping.ts';
import type { Wording } from './wording.ts';

export interface LimitsReportParts {
  /** The context window of an in-browser model's record. */
  contextWindow(modelId: string): Promise<number | undefined>;
  wording: Wording;
}

/** The context of the profile as it stands in the form: it need not be saved yet. */
export async function limitsReport(
  profile: BackendProfile,
  parts: LimitsReportParts,
): Promise<ModelLimitsReport> {
  const found =
    profile.kind === 'openai'
      ? await serverReport(profile, parts.wording)
      : await recordReport(profile, parts);
  const setting = profile.contextTokens;
  if (setting !== undefined) return { ...found, contextTokens: setting, source: ContextSource.setting };
  return found.detected === null ? found : { ...found, contextTokens: found.detected };
}

type Found = Omit<ModelLimitsReport, 'contextTokens'> & { contextTokens: null };

async function recordReport(
  profile: BackendProfile,
  { contextWindow, wording }: LimitsReportParts,
): Promise<Found> {
  const tokens = profile.model ? await contextWindow(profile.model).catch(() => undefined) : undefined;
  return tokens === undefined
    ? { contextTokens: null, detected: null, detail: wording("This model's record gives no context length.") }
    : {
        contextTokens: null,
        detected: tokens,
        source: ContextSource.record,
        detail: wording("The model's record gives it {tokens} tokens of context.", { tokens }),
      };
}

async function serverReport(
  profile: Extract<BackendProfile, { kind: 'openai' }>,
  wording: Wording,
): Promise<Found> {
  const { baseURL, model } = profile;
  const context = await detectServerContext({
    baseURL,
    model,
    ...(profile.apiKey ? { apiKey: profile.apiKey } : {}),
  });
  const detected = context.contextTokens;
  const keeping = promptKeeping(context, wording);
  return {
    contextTokens: null,
    detected,
    ...(detected !== null ? { source: ContextSource.server } : {}),
    ...(context.trainedTokens !== undefined ? { trainedTokens: context.trainedTokens } : {}),
    detail: serverDetail(context, model, wording),
    ...ollamaWarning(context, model, wording),
    ...(keeping ? { promptKeeping: keeping } : {}),
  };
}

/** The servers by the name people know them by. */
const SERVER_NAMES: Readonly<Record<ServerKind, string>> = {
  [ServerKind.koboldCpp]: 'KoboldCpp',
  [ServerKind.llamaCpp]: 'llama.cpp server',
  [ServerKind.ollama]: 'Ollama',
  [ServerKind.lmStudio]: 'LM Studio',
  [ServerKind.vllm]: 'vLLM',
  [ServerKind.openRouter]: 'OpenRouter',
};

function serverDetail(context: ServerContext, model: string, wording: Wording): string {
  const { server, contextTokens: tokens, trainedTokens: trained } = context;
  if (server === null)
    return wording('The server does not say the context of "{model}". Set it here if you know it.', {
      model,
    });
  const name = SERVER_NAMES[server];
  if (context.assumed && tokens !== null)
    return wording(
      '{server} does not say what it runs "{model}" with until the model is loaded: until then Rashomon counts on {tokens} tokens, its smallest default. Check again after a turn.',
      { server: name, model, tokens },
    );
  if (tokens === null)
    return trained === undefined
      ? wording('{server} does not list "{model}" with a context. Set it here if you know it.', {
          server: name,
          model,
        })
      : wording(
          '{server} tells the context once it has loaded "{model}" (trained for {trained} tokens). Check again after a turn.',
          { server: name, model, trained },
        );
  return trained === undefined
    ? wording('{server} runs "{model}" with {tokens} tokens of context.', { server: name, model, tokens })
    : wording('{server} runs "{model}" with {tokens} tokens of context (trained for {trained}).', {
        server: name,
        model,
        tokens,
        trained,
      });
}

/**
 * Ollama silently drops what does not fit the context it runs with, and its OpenAI-compatible API
 * cannot ask for more (its docs: the OpenAI API has no way to set the context size): the fix is on the
 * server, or a model made with a larger num_ctx.
 */
function ollamaWarning(context: ServerContext, model: string, wording: Wording): { warning?: string } {
  const { server, contextTokens: runs, trainedTokens: trained } = context;
  if (server !== ServerKind.ollama || runs === null || trained === undefined || runs >= trained) return {};
  return {
    warning: wording(
      'Ollama runs "{model}" with {runs} tokens of context, though the model was trained for {trained}: whatever does not fit is silently dropped, and requests through its OpenAI-compatible API cannot ask for more. Restart Ollama with a larger context, e.g. OLLAMA_CONTEXT_LENGTH=8192 ollama serve (in the Ollama app: the context length slider in its settings), or create a model with PARAMETER num_ctx 8192 in its Modelfile (ollama create) and use that model here.',
      { model, runs, trained },
    ),
  };
}

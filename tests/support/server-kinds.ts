// The servers' own APIs as routes for the test server (tests/support/openai-server.ts), answering in
// the JSON shapes their documentation shows: llama.cpp server README (/props, /tokenize), KoboldCpp's
// koboldcpp.py (/api/extra/true_max_context_length, /api/extra/tokencount), Ollama's API docs
// (/api/show, /api/ps), LM Studio's REST API v0 (/api/v0/models), vLLM's ModelCard (max_model_len)
// and OpenRouter's models API (context_length). Tokens are counted as words, which is enough to tell
// the server's count from any other.
import type { Routes } from './openai-server.ts';

const words = (text: unknown) => (typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : []);
const ok = (body: unknown) => ({ status: 200, body });
const field = (body: unknown, name: string) => (body as Record<string, unknown> | undefined)?.[name];

/** `slots`: `total_slots`, what `--parallel` (-np) set. */
export function llamaCppRoutes(nCtx: number, slots = 1): Routes {
  return {
    'GET /props': () =>
      ok({
        default_generation_settings: {
          id: 0,
          id_task: -1,
          n_ctx: nCtx,
          speculative: false,
          is_processing: false,
          params: { n_predict: -1, temperature: 0.8, top_k: 40, top_p: 0.95, max_tokens: -1 },
          prompt: '',
        },
        total_slots: slots,
        model_path: '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf',
        chat_template: '...',
        modalities: { vision: false },
        build_info: 'b5000-0123abcd',
      }),
    'POST /tokenize': (body) => ok({ tokens: words(field(body, 'content')).map((_, i) => 1000 + i) }),
  };
}

export function koboldCppRoutes(maxContext: number): Routes {
  return {
    'GET /api/extra/true_max_context_length': () => ok({ value: maxContext }),
    'GET /api/extra/version': () => ok({ result: 'KoboldCpp', version: '1.80' }),
    'POST /api/extra/tokencount': (body) => {
      const ids = words(field(body, 'prompt')).map((_, i) => 2000 + i);
      return ok({ value: ids.length, ids });
    },
  };
}

export interface OllamaModel {
  /** As the person names it (`llama3.2`) or tagged (`llama3.2:latest`). */
  name: string;
  trained: number;
  /** The Modelfile's parameters, one per line (`num_ctx 8192`). */
  parameters?: string;
  /** Loaded, with the context it runs with (recent versions), or loaded by a version that does not say. */
  loaded?: { contextLength?: number };
}

export function ollamaRoutes(model: OllamaModel): Routes {
  const tagged = model.name.includes(':') ? model.name : `${model.name}:latest`;
  const details = {
    parent_model: '',
    format: 'gguf',
    family: 'llama',
    families: ['llama'],
    parameter_size: '3.2B',
    quantization_level: 'Q4_K_M',
  };
  return {
    'POST /api/show': (body) =>
      field(body, 'model') === model.name || field(body, 'model') === tagged
        ? ok({
            modelfile: `FROM ${tagged}`,
            parameters: model.parameters ?? 'stop "<|start_header_id|>"\nstop "<|eot_id|>"',
            template: '{{ .Prompt }}',
            details,
            model_info: {
              'general.architecture': 'llama',
              'general.parameter_count': 3212749888,
              'llama.attention.head_count': 24,
              'llama.context_length': model.trained,
              'llama.embedding_length': 3072,
            },
            capabilities: ['completion', 'tools'],
            modified_at: '2025-01-01T00:00:00Z',
          })
        : { status: 404, body: { error: `model '${String(field(body, 'model'))}' not found` } },
    'GET /api/ps': () =>
      ok({
        models: model.loaded
          ? [
              {
                name: tagged,
                model: tagged,
                size: 3_300_000_000,
                digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
                details,
                expires_at: '2030-01-01T00:05:00Z',
                size_vram: 3_300_000_000,
                ...(model.loaded.contextLength !== undefined
                  ? { context_length: model.loaded.contextLength }
                  : {}),
              },
            ]
          : [],
      }),
  };
}

export function lmStudioRoutes(model: { id: string; max: number; loaded?: number }): Routes {
  return {
    'GET /api/v0/models': () =>
      ok({
        object: 'list',
        data: [
          {
            id: 'text-embedding-nomic-embed-text-v1.5',
            object: 'model',
            type: 'embeddings',
            publisher: 'nomic-ai',
            arch: 'nomic-bert',
            compatibility_type: 'gguf',
            quantization: 'Q4_0',
            state: 'not-loaded',
            max_context_length: 2048,
          },
          {
            id: model.id,
            object: 'model',
            type: 'llm',
            publisher: 'lmstudio-community',
            arch: 'llama',
            compatibility_type: 'gguf',
            quantization: 'Q4_K_M',
            state: model.loaded ? 'loaded' : 'not-loaded',
            max_context_length: model.max,
            ...(model.loaded ? { loaded_context_length: model.loaded } : {}),
          },
        ],
      }),
  };
}

/** An entry of vLLM's GET /v1/models. */
export function vllmModelEntry(id: string, maxModelLen: number): object {
  return {
    id,
    object: 'model',
    created: 1_700_000_000,
    owned_by: 'vllm',
    root: id,
    parent: null,
    max_model_len: maxModelLen,
    permission: [{ id: 'modelperm-1', object: 'model_permission', allow_sampling: true, organization: '*' }],
  };
}

/** OpenRouter's GET /api/v1/models (its base URL is …/api/v1). */
export function openRouterRoutes(id: string, contextLength: number): Routes {
  return {
    'GET /api/v1/models': () =>
      ok({
        data: [
          {
            id,
            canonical_slug: id,
            name: 'Meta: Llama 3.1 8B Instruct',
            created: 1_721_692_800,
            description: 'Meta’s latest class of model.',
            context_length: contextLength,
            architecture: { modality: 'text->text', input_modalities: ['text'], output_modalities: ['text'] },
            pricing: { prompt: '0.00000002', completion: '0.00000003' },
            top_provider: {
              context_length: contextLength,
              max_completion_tokens: 16384,
              is_moderated: false,
            },
            per_request_limits: null,
            supported_parameters: ['max_tokens', 'temperature', 'top_p'],
          },
        ],
      }),
  };
}

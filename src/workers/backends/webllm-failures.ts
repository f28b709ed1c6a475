// Turns what WebLLM throws (matched by error name, so this file never loads the 6 MB engine) into a
// ModelFailure a user can act on: no WebGPU, missing GPU features, out of memory, context too long.
import { ModelFailureCode, type ModelFailure } from '../../driver/model.ts';

const ENDPOINT_HINT =
  'Use an OpenAI-compatible server instead, such as Ollama or LM Studio running on this computer.';

const NOT_LOADED = new Set([
  'ModelNotLoadedError',
  'EngineNotLoadedError',
  'WorkerEngineModelNotLoadedError',
  'SpecifiedModelNotFoundError',
  'UnclearModelToUseError',
  'ModelNotFoundError',
]);

const REFUSED_REQUEST = new Set([
  'MessageOrderError',
  'SystemMessageOrderError',
  'UnsupportedRoleError',
  'ContentTypeError',
  'ConfigValueError',
  'MinValueError',
  'RangeError',
  'NonNegativeError',
  'InvalidResponseFormatError',
  'GrammarMatcherInitError',
  'UnsupportedFieldsError',
]);

export function webllmCancelled(detail = 'The request was cancelled.'): ModelFailure {
  return { ok: false, code: ModelFailureCode.cancelled, detail };
}

/** A failure for anything WebLLM (or the browser under it) threw while loading or generating. */
export function webllmFailure(error: unknown, modelId: string): ModelFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error || error instanceof DOMException ? error.message : String(error);
  const fail = (code: ModelFailureCode, detail: string): ModelFailure => ({ ok: false, code, detail });

  if (name === 'AbortError') return webllmCancelled();
  if (name === 'WebGPUNotAvailableError' || name === 'WebGPUNotFoundError') {
    return fail(
      ModelFailureCode.unreachable,
      `This browser cannot run in-browser models: WebGPU is not available. ${ENDPOINT_HINT}`,
    );
  }
  if (name === 'ShaderF16SupportError' || name === 'FeatureSupportError') {
    return fail(
      ModelFailureCode.modelNotFound,
      `${modelId} needs a GPU feature this device lacks (${message.split('. ')[0]}). ` +
        'Pick a model whose name has q4f32 instead of q4f16, or use an endpoint.',
    );
  }
  if (NOT_LOADED.has(name)) {
    return fail(
      ModelFailureCode.modelNotFound,
      `The in-browser model ${modelId} is not loaded. Download or load it in the in-browser model ` +
        'settings, then try again.',
    );
  }
  if (name === 'DeviceLostError') {
    return fail(
      ModelFailureCode.server,
      `The GPU stopped while running ${modelId}, usually because it ran out of memory. Close other ` +
        'tabs or pick a smaller model (a -1k variant needs less), then try again.',
    );
  }
  if (name === 'ContextWindowSizeExceededError') {
    return fail(
      ModelFailureCode.server,
      `The story is too long for ${modelId}'s context window (${firstLine(message)}). Pick a model ` +
        'with a longer context (the -1k variants hold only 1,024 tokens) or use an endpoint.',
    );
  }
  if (name === 'QuotaExceededError') {
    return fail(
      ModelFailureCode.server,
      `There is not enough storage space for ${modelId}. Delete cached models you no longer use, ` +
        'or free disk space, then try again.',
    );
  }
  if (error instanceof TypeError && /fetch|network/i.test(message)) {
    return fail(
      ModelFailureCode.unreachable,
      `Could not download the files for ${modelId} (${message}). Check the internet connection and ` +
        'try again: parts already downloaded are kept.',
    );
  }
  if (REFUSED_REQUEST.has(name)) {
    return fail(ModelFailureCode.server, `The in-browser engine refused the request: ${firstLine(message)}`);
  }
  return fail(
    ModelFailureCode.server,
    `The in-browser model ${modelId} failed: ${firstLine(message) || 'unknown error'}`,
  );
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? '';
}

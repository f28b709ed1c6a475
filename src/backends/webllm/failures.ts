// Turns what WebLLM throws (matched by error name, so this file never loads the 6 MB engine) into a
// ModelFailure a user can act on: no WebGPU, missing GPU features, out of memory, context too long.
import { ModelFailureCode, type ModelFailure } from '../../driver/model.ts';
import type { Wording } from '../wording.ts';

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

export function webllmCancelled(
  wording: Wording,
  detail = wording('The request was cancelled.'),
): ModelFailure {
  return { ok: false, code: ModelFailureCode.cancelled, detail };
}

/** A failure for anything WebLLM (or the browser under it) threw while loading or generating. */
export function webllmFailure(error: unknown, modelId: string, wording: Wording): ModelFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error || error instanceof DOMException ? error.message : String(error);
  const fail = (code: ModelFailureCode, detail: string): ModelFailure => ({ ok: false, code, detail });

  if (name === 'AbortError') return webllmCancelled(wording);
  if (name === 'WebGPUNotAvailableError' || name === 'WebGPUNotFoundError') {
    return fail(
      ModelFailureCode.unreachable,
      wording(
        'This browser cannot run in-browser models: WebGPU is not available. Use an OpenAI-compatible server instead, such as Ollama or LM Studio running on this computer.',
      ),
    );
  }
  if (name === 'ShaderF16SupportError' || name === 'FeatureSupportError') {
    return fail(
      ModelFailureCode.modelNotFound,
      wording(
        '{model} needs a GPU feature this device lacks ({reason}). Pick a model whose name has q4f32 instead of q4f16, or use an endpoint.',
        { model: modelId, reason: message.split('. ')[0] ?? '' },
      ),
    );
  }
  if (NOT_LOADED.has(name)) {
    return fail(
      ModelFailureCode.modelNotFound,
      wording(
        'The in-browser model {model} is not loaded. Download or load it in the in-browser model settings, then try again.',
        { model: modelId },
      ),
    );
  }
  if (name === 'DeviceLostError') {
    return fail(
      ModelFailureCode.server,
      wording(
        'The GPU stopped while running {model}, usually because it ran out of memory. Close other tabs or pick a smaller model (a -1k variant needs less), then try again.',
        { model: modelId },
      ),
    );
  }
  if (name === 'ContextWindowSizeExceededError') {
    return fail(
      ModelFailureCode.server,
      wording(
        "The story is too long for {model}'s context window ({reason}). Pick a model with a longer context (the -1k variants hold only 1,024 tokens) or use an endpoint.",
        { model: modelId, reason: firstLine(message) },
      ),
    );
  }
  if (name === 'QuotaExceededError') {
    return fail(
      ModelFailureCode.server,
      wording(
        'There is not enough storage space for {model}. Delete cached models you no longer use, or free disk space, then try again.',
        { model: modelId },
      ),
    );
  }
  if (error instanceof TypeError && /fetch|network/i.test(message)) {
    return fail(
      ModelFailureCode.unreachable,
      wording(
        'Could not download the files for {model} ({reason}). Check the internet connection and try again: parts already downloaded are kept.',
        { model: modelId, reason: message },
      ),
    );
  }
  if (REFUSED_REQUEST.has(name)) {
    return fail(
      ModelFailureCode.server,
      wording('The in-browser engine refused the request: {reason}', { reason: firstLine(message) }),
    );
  }
  return fail(
    ModelFailureCode.server,
    wording('The in-browser model {model} failed: {reason}', {
      model: modelId,
      reason: firstLine(message) || wording('unknown error'),
    }),
  );
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? '';
}

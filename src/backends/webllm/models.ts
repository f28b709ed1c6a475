// The in-browser model picker's data from WebLLM's model list: chat models only, each with its
// download size, memory need, whether it fits this device and whether it is already cached.
import type { BackendResult, WebllmModel } from '../reports.ts';
import type { Wording } from '../wording.ts';

/** The fields of WebLLM's ModelRecord the picker reads (prebuiltAppConfig.model_list entries). */
export interface WebllmRecord {
  model_id: string;
  vram_required_MB?: number;
  low_resource_required?: boolean;
  buffer_size_required_bytes?: number;
  required_features?: string[];
  /** WebLLM's ModelType: 0 or absent a language model, 1 embedding, 2 vision-language. */
  model_type?: number;
  /** Over the model's mlc-chat-config.json: every prebuilt chat model sets its context window here. */
  overrides?: { context_window_size?: number };
}

/** The context window the engine loads the model with, from its record; undefined when it says none. */
export function recordContextTokens(record: WebllmRecord | undefined): number | undefined {
  const size = record?.overrides?.context_window_size;
  return size !== undefined && Number.isInteger(size) && size > 0 ? size : undefined;
}

/** What the browser says about the device; every field comes from the caller so tests can set it. */
export interface DeviceBudget {
  webgpu: boolean;
  shaderF16: boolean;
  /** The WebGPU adapter's limits.maxBufferSize, in bytes. */
  maxBufferSize?: number;
  /** The WebGPU adapter's limits.maxStorageBufferBindingSize, in bytes. */
  maxStorageBufferBindingSize?: number;
  /** navigator.deviceMemory: GiB of RAM rounded down, at most 8 in Chrome; absent in other browsers. */
  deviceMemoryGB?: number;
}

export interface WebllmModelInfo extends WebllmModel {
  /** downloadMB is computed from the parameter count and quantisation, or (unknown size) the memory need. */
  downloadBasis: 'parameters' | 'memory';
  needsShaderF16: boolean;
  /** Why fitsDevice is false, in words for the picker. */
  unfitReason?: string;
}

/** Share of the reported RAM a model may take: the browser, the page and the system need the rest. */
export const MEMORY_SHARE = 0.75;
/** WebLLM's runtime asks for at least 256 MiB buffers and 128 MiB storage bindings, or gives up. */
export const MIN_BUFFER_BYTES = 256 * 2 ** 20;
export const MIN_BINDING_BYTES = 128 * 2 ** 20;

const MIB = 2 ** 20;
const LANGUAGE_MODEL = 0;

/** Models in WebLLM's list that are not for playing characters, with the reason. */
const NOT_FOR_ROLEPLAY: Array<[RegExp, string]> = [
  [/-Base-/i, 'a base model continues text instead of following a conversation'],
  [/(?:^|-)(?:Coder|Math)-|WizardMath/i, 'tuned for code or maths'],
];

/** Parameter counts of models whose id does not say it. */
const KNOWN_PARAMETERS: Array<[RegExp, number]> = [
  [/^Phi-3(?:\.5)?-mini/i, 3.8e9],
  [/^Phi-4-mini/i, 3.8e9],
  [/^phi-2-/i, 2.7e9],
  [/^phi-1_5-/i, 1.4e9],
];

/** Chat models only: no embedding or vision models, no base, code or maths models. */
export function isPickerModel(record: WebllmRecord): boolean {
  if ((record.model_type ?? LANGUAGE_MODEL) !== LANGUAGE_MODEL) return false;
  return !NOT_FOR_ROLEPLAY.some(([pattern]) => pattern.test(record.model_id));
}

/** f16 kernels (q4f16, q0f16, q3f16) need the shader-f16 feature, whether or not the record says so. */
export function needsShaderF16(record: WebllmRecord): boolean {
  return (
    record.required_features?.includes('shader-f16') === true || /-q\df16(?:_\d+)?-/i.test(record.model_id)
  );
}

/** Parameters from the id ("-1B-", "-360M-", "-1_6b-") or the table above; undefined when unknown. */
export function parameterCount(modelId: string): number | undefined {
  for (const token of modelId.split('-')) {
    const match = /^(\d+(?:[._]\d+)?)([bm])$/i.exec(token);
    if (match) {
      const value = Number(match[1]!.replace('_', '.'));
      return value * (match[2]!.toLowerCase() === 'b' ? 1e9 : 1e6);
    }
  }
  return KNOWN_PARAMETERS.find(([pattern]) => pattern.test(modelId))?.[1];
}

/** Bits per weight of MLC's quantisation: q4f16_1 stores 4 bits plus an f16 scale per 32 weights. */
export function bitsPerWeight(modelId: string): number | undefined {
  const match = /-q(\d)f(16|32)(?:_\d+)?-/i.exec(`${modelId}-`);
  if (!match) return undefined;
  const bits = Number(match[1]);
  const floatBits = Number(match[2]);
  return bits === 0 ? floatBits : bits + floatBits / 32;
}

/**
 * WebLLM's records carry no download size: estimate it from parameters × bits per weight, or, when
 * the id says neither, fall back to the memory need (an upper bound) and say so.
 */
export function estimateDownload(record: WebllmRecord): { mb: number; basis: 'parameters' | 'memory' } {
  const parameters = parameterCount(record.model_id);
  const bits = bitsPerWeight(record.model_id);
  if (parameters !== undefined && bits !== undefined) {
    return { mb: Math.round((parameters * bits) / 8 / MIB), basis: 'parameters' };
  }
  return { mb: Math.round(record.vram_required_MB ?? 0), basis: 'memory' };
}

/** Whether the model can run here; a reason when it cannot. */
export function fitsDevice(
  record: WebllmRecord,
  budget: DeviceBudget,
  wording: Wording,
): { fits: boolean; reason?: string } {
  const no = (reason: string) => ({ fits: false, reason });
  if (!budget.webgpu) return no(wording('WebGPU is not available in this browser.'));
  if (needsShaderF16(record) && !budget.shaderF16) {
    return no(wording('Needs the shader-f16 GPU feature, which this device lacks: pick a q4f32 model.'));
  }
  if (budget.maxBufferSize !== undefined && budget.maxBufferSize < MIN_BUFFER_BYTES) {
    return no(
      wording('This GPU allows only {size} MB buffers; WebLLM needs 256 MB.', {
        size: mib(budget.maxBufferSize),
      }),
    );
  }
  const binding = Math.max(MIN_BINDING_BYTES, record.buffer_size_required_bytes ?? 0);
  if (budget.maxStorageBufferBindingSize !== undefined && budget.maxStorageBufferBindingSize < binding) {
    return no(
      wording('Needs {needed} MB GPU storage buffers; this GPU allows {allowed} MB.', {
        needed: mib(binding),
        allowed: mib(budget.maxStorageBufferBindingSize),
      }),
    );
  }
  const memoryMB = record.vram_required_MB ?? 0;
  if (budget.deviceMemoryGB === undefined) {
    return record.low_resource_required
      ? { fits: true }
      : no(
          wording(
            "This browser does not report the device's memory; only small models are marked as fitting.",
          ),
        );
  }
  const budgetMB = budget.deviceMemoryGB * 1024 * MEMORY_SHARE;
  if (memoryMB > budgetMB) {
    return no(
      wording(
        'Needs about {needed} GB of memory; this device reports {reported} GB ({usable} GB usable for a model).',
        {
          needed: gb(memoryMB),
          reported: budget.deviceMemoryGB,
          usable: gb(budgetMB),
        },
      ),
    );
  }
  return { fits: true };
}

export interface ListWebllmModelsOptions {
  records: readonly WebllmRecord[];
  budget: DeviceBudget;
  /** WebLLM's hasModelInCache(modelId). */
  hasModelInCache: (modelId: string) => Promise<boolean>;
  /** The words of unfitReason (see wording.ts). */
  wording: Wording;
}

/** The picker list, in WebLLM's order (grouped by family). */
export async function listWebllmModels(options: ListWebllmModelsOptions): Promise<WebllmModelInfo[]> {
  const records = options.records.filter(isPickerModel);
  const cached = await Promise.all(
    records.map((record) => options.hasModelInCache(record.model_id).catch(() => false)),
  );
  return records.map((record, index) => {
    const download = estimateDownload(record);
    const fit = fitsDevice(record, options.budget, options.wording);
    return {
      id: record.model_id,
      downloadMB: download.mb,
      downloadBasis: download.basis,
      memoryMB: Math.round(record.vram_required_MB ?? download.mb),
      lowResource: record.low_resource_required === true,
      needsShaderF16: needsShaderF16(record),
      fitsDevice: fit.fits,
      ...(fit.reason ? { unfitReason: fit.reason } : {}),
      cached: cached[index] === true,
    };
  });
}

export interface DeleteWebllmModelOptions {
  records: readonly WebllmRecord[];
  /** WebLLM's deleteModelAllInfoInCache(modelId): weights, config and wasm. */
  deleteModelAllInfoInCache: (modelId: string) => Promise<void>;
  /** The words of its failures (see wording.ts). */
  wording: Wording;
}

/** Deletes a cached model's files. Unload an engine running it first. */
export async function deleteWebllmModel(
  modelId: string,
  options: DeleteWebllmModelOptions,
): Promise<BackendResult> {
  const { wording } = options;
  if (!options.records.some((record) => record.model_id === modelId)) {
    return {
      ok: false,
      code: 'not-found',
      detail: wording('There is no in-browser model called {model}.', { model: modelId }),
    };
  }
  try {
    await options.deleteModelAllInfoInCache(modelId);
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      code: 'server',
      detail: wording("Could not delete {model} from the browser's storage ({reason}).", {
        model: modelId,
        reason: String(error),
      }),
    };
  }
}

function mib(bytes: number): number {
  return Math.floor(bytes / MIB);
}

function gb(mb: number): string {
  return (mb / 1024).toFixed(1);
}

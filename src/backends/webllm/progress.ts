// Turns WebLLM's load reports (progress per stage, free text, seconds elapsed) into the app's
// 'download' event: one bar from 0 to 1, megabytes loaded of the total, and an estimate of time left.
import type { DownloadEvent } from '../reports.ts';

/** WebLLM's InitProgressReport. */
export interface InitProgressReportLike {
  progress: number;
  timeElapsed: number;
  text: string;
}

/**
 * WebLLM loads in stages, each reporting its own 0..1: fetching the weights into the cache, loading
 * them from the cache onto the GPU, compiling shaders. Each stage gets a band of the one bar; a
 * model already cached skips the fetch stage, so loading then takes the fetch band too.
 */
type Stage = 'fetch' | 'load' | 'shaders' | 'done' | 'other';
const BANDS: Record<Exclude<Stage, 'other'>, [number, number]> = {
  fetch: [0, 0.8],
  load: [0.8, 0.95],
  shaders: [0.95, 1],
  done: [1, 1],
};

function stageOf(text: string): Stage {
  if (/^(Start to fetch params|Fetching param cache)/i.test(text)) return 'fetch';
  if (/^Loading model from cache/i.test(text)) return 'load';
  if (/^Loading GPU shader modules/i.test(text)) return 'shaders';
  if (/^Finish loading/i.test(text)) return 'done';
  return 'other';
}

export interface ProgressTrackerOptions {
  modelId: string;
  /** The picker's size estimate, used until WebLLM's reports reveal the real total. */
  estimatedTotalMB?: number;
  /** Now, in milliseconds. */
  clock: () => number;
}

/** A stateful mapper for one load: feed it every report of that load, in order. */
export function createProgressTracker(
  options: ProgressTrackerOptions,
): (report: InitProgressReportLike) => DownloadEvent {
  let overall = 0;
  let totalMB = options.estimatedTotalMB ?? 0;
  let totalKnown = false;
  let loadedMB = 0;
  let fetched = false;
  let current: { stage: Stage; startedAt: number } | undefined;

  return (report) => {
    const stage = stageOf(report.text);
    const progress = clamp(report.progress);
    const now = options.clock();
    if (stage !== 'other' && current?.stage !== stage) {
      // The report may arrive late in its stage: timeElapsed says when the stage began.
      current = { stage, startedAt: now - Math.max(0, report.timeElapsed) * 1000 };
    }
    // "Start to fetch params" comes even when every shard is cached; only shard reports download.
    if (/^Fetching param cache/i.test(report.text)) fetched = true;

    const megabytes = /(\d+(?:\.\d+)?)\s*MB (?:fetched|loaded)/i.exec(report.text);
    if ((stage === 'load' && fetched) || stage === 'shaders' || stage === 'done') {
      loadedMB = totalMB; // the download is complete; loading onto the GPU is not a download
    } else if (megabytes && (stage === 'fetch' || stage === 'load')) {
      loadedMB = Number(megabytes[1]);
      if (progress > 0 && !totalKnown) {
        totalMB = Math.round(loadedMB / progress);
        totalKnown = true;
      }
    } else if (stage === 'fetch' || stage === 'load') {
      loadedMB = Math.round(progress * totalMB);
    }

    if (stage !== 'other') {
      const [from, to] = stage === 'load' && !fetched ? [0, BANDS.load[1]] : BANDS[stage];
      overall = Math.max(overall, from + (to - from) * progress);
    }

    let secondsLeft: number | undefined;
    if (stage === 'done') secondsLeft = 0;
    else if (current && progress > 0 && progress < 1 && (stage === 'fetch' || stage === 'load')) {
      const elapsed = (now - current.startedAt) / 1000;
      if (elapsed > 0) secondsLeft = Math.round((elapsed * (1 - progress)) / progress);
    }

    return {
      kind: 'download',
      modelId: options.modelId,
      progress: overall,
      loadedMB: Math.min(loadedMB, totalMB || loadedMB),
      totalMB,
      ...(secondsLeft !== undefined ? { secondsLeft } : {}),
      text: report.text,
    };
  };
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

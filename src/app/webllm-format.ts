// Words for in-browser model sizes: "1.2 GB download, needs 3.0 GB memory, fits this device".
import type { WebllmModel } from '../workers/api.ts';

const MB_PER_GB = 1024;

export function formatMB(mb: number): string {
  return mb >= MB_PER_GB ? `${(mb / MB_PER_GB).toFixed(1)} GB` : `${Math.round(mb)} MB`;
}

export function modelSummary(model: WebllmModel): string {
  const fit = model.fitsDevice ? 'fits this device' : 'may not fit this device';
  return `${formatMB(model.downloadMB)} download, needs ${formatMB(model.memoryMB)} memory, ${fit}`;
}

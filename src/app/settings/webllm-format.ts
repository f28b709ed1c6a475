// Words for in-browser model sizes: "1.2 GB download, needs 3.0 GB memory, fits this device".
import type { WebllmModel } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

const MB_PER_GB = 1024;

export function formatMB(mb: number): string {
  return mb >= MB_PER_GB ? `${(mb / MB_PER_GB).toFixed(1)} GB` : `${Math.round(mb)} MB`;
}

export function modelSummary(model: WebllmModel): string {
  const sizes = { download: formatMB(model.downloadMB), memory: formatMB(model.memoryMB) };
  return model.fitsDevice
    ? t('{download} download, needs {memory} memory, fits this device', sizes)
    : t('{download} download, needs {memory} memory, may not fit this device', sizes);
}

// Saves a value as a pretty-printed JSON file through the browser's download.
import { downloadBlob } from './download-file.ts';

const MAX_NAME_LENGTH = 60;

/** A file name from a story title: letters, digits and dashes, never empty. */
export function fileNameFor(title: string): string {
  const slug = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME_LENGTH);
  return `${slug || 'story'}.json`;
}

export function downloadJson(value: unknown, fileName: string): void {
  downloadBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}

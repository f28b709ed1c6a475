// Saves bytes as a file through the browser's download: a Blob of the given type, clicked from a link.

/** A file to save: what the worker's exports give (`ExportedFile`). */
export interface FileToSave {
  fileName: string;
  mime: string;
  bytes: Uint8Array;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url));
}

export function downloadFile(file: FileToSave): void {
  // A copy on a plain ArrayBuffer: what crossed from the worker may view a shared or larger buffer.
  downloadBlob(new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.fileName);
}

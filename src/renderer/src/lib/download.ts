import type { ExportedFile } from '../../../shared/ipc/contract';

/** Saves an exported file through the browser's download (Electron shows its save dialog for the same). */
export function saveFile(file: ExportedFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; keep the URL a moment for slow starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

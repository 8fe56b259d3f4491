// PDFs and CSVs come from the API, which needs the session headers: the data provider fetches
// them as Blobs (the token rotates as on every call) and this hands them to the browser as files.
import { useCallback } from 'react';
import { useAction } from './useAction';

/** Hands a Blob to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  // The click saves the file and goes no further: reaching the document, it would count as a
  // click away from the notification on screen ("2 credenciais emitidas.") and close it.
  link.addEventListener('click', (event) => event.stopPropagation());
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `download(() => dataProvider.letterPdf(id), filename)`: fetches through the provider of
 * useDataProvider() and saves the file; resolves to whether it was saved. Without `filename`,
 * the file keeps the name the API gave it (Content-Disposition), which says what it contains.
 */
export function useDownload() {
  const { run, busy } = useAction();
  const download = useCallback(
    async (file: () => Promise<Blob>, filename?: string) => {
      const blob = await run(file);
      if (!blob) return false;
      const named = blob instanceof File && blob.name ? blob.name : undefined;
      saveFile(blob, filename ?? named ?? 'arquivo');
      return true;
    },
    [run],
  );
  return { download, busy };
}

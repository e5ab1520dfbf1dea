import type { Endpoint } from '@app/contract/endpoint';
import { endpointPath } from '@app/contract/endpoint';
import { apiBlob } from '../app/api';

/** Saves a Blob under `fileName` (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Downloads an API file (print PDF, error report, template) and saves it under `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveBlob(await apiBlob(path), fileName);
}

/** Downloads the file a contract endpoint answers (`file: true`), its path filled from `params`. */
export async function downloadFrom(
  declaration: Endpoint & { file: true },
  fileName: string,
  params?: Record<string, string | number>,
): Promise<void> {
  await downloadFile(endpointPath(declaration, params), fileName);
}

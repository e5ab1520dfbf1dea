import { apiBlob } from '../app/api';

/** Downloads an API file (print PDF, error report, template) and saves it under `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

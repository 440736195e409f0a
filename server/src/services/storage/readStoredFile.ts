/** A stored file's whole bytes, for work that needs all of it at once (sharp, OCR). */
import type { FileStorage } from './fileStorageTypes.ts';
import type { StorageArea } from './storedNames.ts';

/** The file's bytes, or undefined when storage has no file by that name. */
export async function readStoredFile(
  storage: FileStorage,
  area: StorageArea,
  name: string,
): Promise<Buffer | undefined> {
  const stream = await storage.openRead(area, name);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** One upload through the real route, as the client does it; anything but 201 aborts the benchmark. */
import type { BenchServer } from './benchServer.ts';

/**
 * A browser uploads a File it already holds; the benchmark wraps each corpus buffer in a Blob once,
 * so the client's time goes to sending rather than to copying megabytes before every request.
 */
const blobs = new WeakMap<Buffer, Blob>();
function blobOf(bytes: Buffer): Blob {
  let blob = blobs.get(bytes);
  if (!blob) {
    blob = new Blob([new Uint8Array(bytes)]);
    blobs.set(bytes, blob);
  }
  return blob;
}

export async function uploadThroughHttp(server: BenchServer, bytes: Buffer, filename: string): Promise<void> {
  const body = new FormData();
  body.append('image', blobOf(bytes), filename);
  const response = await server.client.post(`/api/forms/${server.formId}/images`, body);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
}

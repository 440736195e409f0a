/** One upload through the real route, as the client does it; anything but 201 aborts the benchmark. */
import type { BenchServer } from './benchServer.ts';

export async function uploadThroughHttp(server: BenchServer, bytes: Buffer, filename: string): Promise<void> {
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(bytes)]), filename);
  const response = await server.client.post(`/api/forms/${server.formId}/images`, body);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
}

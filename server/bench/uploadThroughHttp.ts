/** One upload through the real route, as the client does it; anything but 201 aborts the benchmark. */
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import type { BenchServer } from './benchServer.ts';

export const BOUNDARY = '----FormscribeBenchBoundary7MA4YWxkTrZu0gW';

/**
 * A browser uploads a File it already holds and encodes the multipart body natively, off the
 * server's cores. The benchmark sends the same bytes a browser puts on the wire, encoded once per
 * corpus file: encoding FormData with a Blob through undici cost this process 15–20 ms of CPU per
 * upload, on the two cores the app and the primitive share, and reading the Blob in 64 KB steps
 * held each upload's body back.
 */
/** The part's type, as a browser takes it from the file's name (the server reads the bytes instead). */
function typeOf(filename: string): string {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  const types: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', heic: 'image/heic', png: 'image/png' };
  return types[extension] ?? 'application/octet-stream';
}

const bodies = new WeakMap<Buffer, { filename: string; body: Uint8Array<ArrayBuffer> }>();
export function multipartBody(bytes: Buffer, filename: string): Uint8Array<ArrayBuffer> {
  const encoded = bodies.get(bytes);
  if (encoded?.filename === filename) return encoded.body;
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\n` +
    `Content-Type: ${typeOf(filename)}\r\n\r\n`;
  const body = new Uint8Array(Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
  bodies.set(bytes, { filename, body });
  return body;
}

export async function uploadThroughHttp(server: BenchServer, bytes: Buffer, filename: string): Promise<void> {
  const response = await fetch(new URL(`/api/forms/${server.formId}/images`, server.url), {
    method: 'POST',
    body: multipartBody(bytes, filename),
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      cookie: `${SESSION_COOKIE}=${server.client.cookie(SESSION_COOKIE)}`,
      origin: server.url,
    },
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${text}`);
}

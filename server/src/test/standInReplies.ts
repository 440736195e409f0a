/** Answers the tests' stand-in servers (outbound fetches, IIIF) give: text, redirects, endless bodies. */
import type http from 'node:http';

export const TEN_GIGABYTES = 10 * 1024 ** 3;

export function sendText(res: http.ServerResponse, status: number, body: string, contentType = 'text/plain'): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export function redirectTo(res: http.ServerResponse, location: string): void {
  res.writeHead(302, { location, 'content-length': 0 });
  res.end();
}

/**
 * Writes `chunk` again and again, as fast as the client takes it, until it hangs up (a body that
 * never ends, or one whose Content-Length claims far more than anyone should read); `onChunk`
 * counts what went out. Nothing is held: the same chunk is written each time.
 */
export function streamUntilHungUp(
  res: http.ServerResponse,
  headers: http.OutgoingHttpHeaders,
  chunk: Buffer,
  onChunk: (bytes: number) => void,
): void {
  res.writeHead(200, headers);
  const writeMore = () => {
    while (!res.destroyed) {
      onChunk(chunk.length);
      if (!res.write(chunk)) return;
    }
  };
  res.on('drain', writeMore);
  writeMore();
}

/**
 * A multipart upload sent by hand over a raw TCP connection, so a test can stop half-way
 * through the body (the upload is then "in progress" on the server) and decide what happens
 * next: send the rest, or leave the server to be killed.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export interface SlowUploadOptions {
  url: string;
  path: string;
  cookie: string;
  field: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  /** How many bytes of the file to send at first (the rest waits for `finish`). */
  firstPart: number;
}

export interface UploadAnswer {
  status: number;
  body: string;
}

export interface SlowUpload {
  /** Sends the rest of the body and resolves with the server's answer. */
  finish(): Promise<UploadAnswer>;
  /** Resolves with the answer, or undefined when the connection ends without one. */
  answer: Promise<UploadAnswer | undefined>;
  destroy(): void;
}

function parseAnswer(raw: string): UploadAnswer | undefined {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(raw);
  if (!match?.[1]) return undefined;
  const bodyStart = raw.indexOf('\r\n\r\n');
  return { status: Number(match[1]), body: bodyStart === -1 ? '' : raw.slice(bodyStart + 4) };
}

/** Opens the connection and sends the headers and the first part of the file. */
export async function beginSlowUpload(options: SlowUploadOptions): Promise<SlowUpload> {
  const target = new URL(options.url);
  const boundary = `----formscribe${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field}"; filename="${options.filename}"\r\n` +
      `Content-Type: ${options.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, options.bytes, tail]);
  const socket = net.connect(Number(target.port), target.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  const answer = new Promise<UploadAnswer | undefined>((resolve) => {
    socket.on('error', () => resolve(parseAnswer(received)));
    socket.on('close', () => resolve(parseAnswer(received)));
  });
  socket.write(
    `POST ${options.path} HTTP/1.1\r\nHost: ${target.host}\r\nOrigin: ${target.origin}\r\n` +
      `Cookie: ${options.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  const split = head.length + options.firstPart;
  socket.write(body.subarray(0, split));
  return {
    answer,
    async finish() {
      socket.write(body.subarray(split));
      const result = await answer;
      if (!result) throw new Error('the connection closed without an answer');
      return result;
    },
    destroy: () => socket.destroy(),
  };
}

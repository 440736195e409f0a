/**
 * Security review (issue 9, item 8): an upload body is refused as soon as it is known to be
 * unwanted, not after it was read to the end, and the server stops reading. A raw TCP client
 * sends the part headers, waits a moment for an early answer, then keeps sending (up to 40 MB)
 * while the server takes it; the tests measure how much it had sent when the answer came, and
 * how much more the server took before closing.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, filesOnDisk, type ImageCast, setImagePlan } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x5a);
/** Far more than any cap: a server that reads on instead of answering shows up as a large figure. */
const SEND_AT_MOST = 40 * MB;
/** After the part headers, the client waits this long for an early answer before streaming on. */
const WAIT_FOR_EARLY_ANSWER_MS = 2_000;
const ANSWERED_EARLY = 1 * MB;
/** What socket buffers on both sides of a loopback connection may hold without the server reading. */
const IN_FLIGHT = 8 * MB;

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  await setImagePlan(cast.owner, { imageSizeLimitMb: 3, imageCountLimitPerForm: 50 });
});
afterAll(() => server.stop());

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** Body bytes the client had handed to the socket when the first byte of the answer arrived. */
  sentBeforeAnswer: number;
  /** Body bytes the server still took after answering, before it closed the connection. */
  sentAfterAnswer: number;
}

interface RawUpload {
  path: string;
  /** `Content-Length` to announce; without it the body is sent chunked. */
  contentLength?: number;
  /** Bytes sent first (part headers); CHUNK follows until the server answers. */
  start: Buffer;
}

/**
 * Sends the request and keeps streaming CHUNKs while the server takes them (up to SEND_AT_MOST),
 * noting how much had gone when the answer came back.
 */
async function rawUpload(upload: RawUpload, boundary: string): Promise<RawAnswer> {
  const target = new URL(server.url);
  const socket = net.connect(Number(target.port), target.hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const chunked = upload.contentLength === undefined;
  const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${upload.contentLength}`;
  socket.write(
    `POST ${upload.path} HTTP/1.1\r\nHost: ${target.host}\r\nOrigin: ${server.url}\r\n` +
      `Cookie: formscribe_session=${cast.ownerClient.cookie('formscribe_session')}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n${length}\r\n\r\n`,
  );
  let sent = 0;
  let sentBeforeAnswer = -1;
  let received = '';
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const answered = new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.on('error', () => {}); // writing after the server closed: expected once it answered
  socket.on('data', (data: Buffer) => {
    if (sentBeforeAnswer === -1) sentBeforeAnswer = sent;
    received += data.toString('latin1');
  });
  const send = async (bytes: Buffer) => {
    const framed = chunked ? [Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')] : [bytes];
    sent += bytes.length;
    if (!socket.write(Buffer.concat(framed))) {
      await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  };
  await send(upload.start);
  await Promise.race([answered, closed, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_EARLY_ANSWER_MS))]);
  while (!socket.destroyed && sent < SEND_AT_MOST) await send(CHUNK);
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  socket.destroy();
  const headEnd = received.indexOf('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
    head: received.slice(0, headEnd),
    body: received.slice(headEnd + 4),
    sentBeforeAnswer: sentBeforeAnswer === -1 ? sent : sentBeforeAnswer,
    sentAfterAnswer: sentBeforeAnswer === -1 ? 0 : sent - sentBeforeAnswer,
  };
}

function partHead(boundary: string, field: string, filename: string, first = true): Buffer {
  return Buffer.from(
    `${first ? '' : '\r\n'}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
}

const newBoundary = () => `----formscribe${randomBytes(8).toString('hex')}`;

async function expectNothingStored(formId: number) {
  expect(await FormImage.query().where({ formId }).resultSize()).toBe(0);
  // The request's temporary folder goes once the handler is done, which is as the answer leaves.
  await expect.poll(async () => (await filesOnDisk(server)).incoming).toEqual([]);
}

describe('upload bodies are refused before they are read', () => {
  it('answers 413 to a Content-Length over the plan’s cap before reading the body, and closes', async () => {
    const form = await castForm(cast);
    const boundary = newBoundary();
    const answer = await rawUpload(
      {
        path: `/api/forms/${form.id}/images`,
        contentLength: 400 * MB,
        start: partHead(boundary, 'image', 'huge.jpg'),
      },
      boundary,
    );
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(ANSWERED_EARLY);
    expect(answer.sentAfterAnswer).toBeLessThan(IN_FLIGHT); // it stopped reading
    expect(JSON.parse(answer.body)).toMatchObject({
      message: 'Image is larger than your plan allows: the free plan accepts images up to 3 MB',
    });
    expect(answer.head).toMatch(/^connection: close$/im);
    await expectNothingStored(form.id);
  });

  it('answers 400 at once to a file in a field the route does not use, without reading it', async () => {
    const form = await castForm(cast);
    const boundary = newBoundary();
    const answer = await rawUpload(
      { path: `/api/forms/${form.id}/images`, start: partHead(boundary, 'attachment', 'big.bin') },
      boundary,
    );
    expect(answer.status).toBe(400);
    expect(answer.sentBeforeAnswer).toBeLessThan(ANSWERED_EARLY);
    expect(answer.sentAfterAnswer).toBeLessThan(IN_FLIGHT); // it stopped reading
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Unexpected file in the field "attachment": send one file in the multipart field "image"',
    });
    expect(answer.head).toMatch(/^connection: close$/im);
    await expectNothingStored(form.id);
  });

  it('answers 400 at once to a second file, after the first was received', async () => {
    const form = await castForm(cast);
    const boundary = newBoundary();
    const jpeg = await makeJpeg();
    const start = Buffer.concat([
      partHead(boundary, 'image', 'a.jpg'),
      jpeg,
      partHead(boundary, 'image', 'b.jpg', false),
    ]);
    const answer = await rawUpload({ path: `/api/forms/${form.id}/images`, start }, boundary);
    expect(answer.status).toBe(400);
    expect(answer.sentBeforeAnswer).toBeLessThan(ANSWERED_EARLY + jpeg.length);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Upload one file per request' });
    await expectNothingStored(form.id);
  });

  it('answers 413 to a chunked body (no length announced) once its bytes pass the cap, and closes', async () => {
    const form = await castForm(cast);
    const boundary = newBoundary();
    const answer = await rawUpload(
      { path: `/api/forms/${form.id}/images`, start: partHead(boundary, 'image', 'endless.jpg') },
      boundary,
    );
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(3 * MB + IN_FLIGHT);
    expect(answer.sentAfterAnswer).toBeLessThan(IN_FLIGHT); // it stopped reading
    expect(JSON.parse(answer.body)).toMatchObject({ message: expect.stringContaining('up to 3 MB') });
    expect(answer.head).toMatch(/^connection: close$/im);
    await expectNothingStored(form.id);
  });

  it('refuses a logo body announced over 10 MB with the spec’s message', async () => {
    const form = await castForm(cast);
    const boundary = newBoundary();
    const answer = await rawUpload(
      { path: `/api/forms/${form.id}/logo`, contentLength: 50 * MB, start: partHead(boundary, 'logo', 'logo.png') },
      boundary,
    );
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(ANSWERED_EARLY);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Logo file must be smaller than 10MB' });
  });
});

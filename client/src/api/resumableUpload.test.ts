/**
 * uploadResumably against a tus server kept in memory (the network, not our code, is what is
 * stood in for): the file arrives whole in 8 MB chunks, a stopped upload resumes after a "reload"
 * from the offset the server holds, the Import-Id comes back, and refusals read as ApiErrors.
 */
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiClient.ts';
import { RESUMABLE_CHUNK_BYTES, uploadResumably } from './resumableUpload.ts';

// Vite builds the app with tus-js-client's browser build (its package.json `browser` field); the
// test runner would resolve the Node one, which cannot read a File. The same code, as shipped.
// (A built path, so the type checker reads the package's own types rather than the untyped file.)
vi.mock('tus-js-client', () => import(/* @vite-ignore */ ['tus-js-client', 'lib.esm/browser/index.js'].join('/')));

interface StoredUpload {
  length: number;
  chunks: Uint8Array<ArrayBuffer>[];
  offset: number;
  metadata: string;
}

/** A tus 1.0 server in memory, enough of it for the creation and core protocol. */
class MemoryTusServer implements HttpStack {
  readonly uploads = new Map<string, StoredUpload>();
  readonly requests: string[] = [];
  /** Answer the next creation with this refusal. */
  refuseCreation: { status: number; body: string } | undefined;
  /** Stop answering after this many bytes have been accepted (a connection that went away). */
  failAfterBytes: number | undefined;
  private nextId = 1;

  getName() {
    return 'memory';
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers = new Map<string, string>();
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => void headers.set(name.toLowerCase(), value),
      getHeader: (name) => headers.get(name.toLowerCase()),
      setProgressHandler: () => {},
      abort: async () => {},
      getUnderlyingObject: () => null,
      send: async (body: unknown) => this.answer(method, url, headers, body),
    };
  }

  private async answer(
    method: string,
    url: string,
    headers: Map<string, string>,
    body: unknown,
  ): Promise<HttpResponse> {
    this.requests.push(`${method} ${new URL(url).pathname}`);
    if (method === 'POST') {
      if (this.refuseCreation) return response(this.refuseCreation.status, {}, this.refuseCreation.body);
      const id = `u${this.nextId++}`;
      this.uploads.set(id, {
        length: Number(headers.get('upload-length')),
        chunks: [],
        offset: 0,
        metadata: headers.get('upload-metadata') ?? '',
      });
      return response(201, { Location: `${new URL(url).pathname}/${id}` });
    }
    const upload = this.uploads.get(new URL(url).pathname.split('/').pop() ?? '');
    if (!upload) return response(404, {}, 'Not found');
    if (method === 'HEAD')
      return response(200, { 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) });
    if (Number(headers.get('upload-offset')) !== upload.offset) return response(409, {}, 'Offset mismatch');
    if (this.failAfterBytes !== undefined && upload.offset >= this.failAfterBytes) throw new Error('connection lost');
    const chunk = new Uint8Array(await (body as Blob).arrayBuffer());
    upload.chunks.push(chunk);
    upload.offset += chunk.length;
    const finished = upload.offset === upload.length;
    return response(204, { 'Upload-Offset': String(upload.offset), ...(finished ? { 'Import-Id': '42' } : {}) });
  }
}

function response(status: number, headers: Record<string, string>, body = ''): HttpResponse {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    getStatus: () => status,
    getHeader: (name) => lower.get(name.toLowerCase()),
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

/** A file of `size` bytes whose every byte is its position modulo 251, so order errors show. */
function patternFile(size: number, name = 'ledger.pdf'): File {
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  return new File([bytes], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });
}

let server: MemoryTusServer;
beforeEach(() => {
  localStorage.clear();
  server = new MemoryTusServer();
});

describe('uploadResumably', () => {
  it('sends the file whole in 8 MB chunks with its folder path, and resolves with the Import-Id', async () => {
    const file = patternFile(RESUMABLE_CHUNK_BYTES * 2 + 1000);
    const progress: number[] = [];
    const result = await uploadResumably(
      { formId: 7, file, relativePath: 'box1/ledger.pdf', onProgress: (sent) => progress.push(sent) },
      { httpStack: server },
    );
    expect(result).toEqual({ importId: 42 });
    const [stored] = server.uploads.values();
    expect(stored?.offset).toBe(file.size);
    const received = new Uint8Array(await new Blob(stored?.chunks ?? []).arrayBuffer());
    expect(received.every((byte, i) => byte === i % 251)).toBe(true);
    expect(stored?.metadata).toContain(`filename ${btoa('box1/ledger.pdf')}`);
    expect(server.requests.filter((r) => r.startsWith('PATCH'))).toHaveLength(3);
    expect(server.requests[0]).toBe('POST /api/forms/7/uploads');
  });

  it('after a stop (a reload), finds the upload again and sends only what the server lacks', async () => {
    const file = patternFile(RESUMABLE_CHUNK_BYTES * 3);
    server.failAfterBytes = RESUMABLE_CHUNK_BYTES;
    const controller = new AbortController();
    const first = uploadResumably(
      {
        formId: 7,
        file,
        signal: controller.signal,
        onProgress: (sent) => {
          if (sent >= RESUMABLE_CHUNK_BYTES) controller.abort();
        },
      },
      { httpStack: server },
    );
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect([...server.uploads.values()][0]?.offset).toBe(RESUMABLE_CHUNK_BYTES);

    server.failAfterBytes = undefined;
    server.requests.length = 0;
    const result = await uploadResumably({ formId: 7, file }, { httpStack: server });
    expect(result).toEqual({ importId: 42 });
    expect(server.uploads.size).toBe(1);
    expect(server.requests[0]).toBe('HEAD /api/forms/7/uploads/u1');
    expect(server.requests.filter((r) => r.startsWith('PATCH'))).toHaveLength(2);
  });

  it('rejects a refusal as an ApiError carrying the server’s message', async () => {
    server.refuseCreation = { status: 413, body: '{"message":"This file (1 GB) is larger than an import may be"}' };
    const failed = uploadResumably({ formId: 7, file: patternFile(100) }, { httpStack: server });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({
      status: 413,
      message: expect.stringContaining('larger than an import'),
    });
  });
});

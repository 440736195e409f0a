/**
 * A front for the tests' S3 stand-in (test/s3Server.ts, s3rver) that answers the multipart calls
 * s3rver lacks and @tus/s3-store needs: ListParts (to learn an upload's offset), AbortMultipartUpload
 * (DELETE, expiry) and ListMultipartUploads (the expiry sweep). It passes every request on
 * unchanged (the signature covers the Host header the client sent, which s3rver checks as is) and
 * remembers the multipart uploads it saw begin and the parts s3rver accepted, so its answers are
 * what a real bucket would say about them. Tests only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface PartRecord {
  partNumber: number;
  etag: string;
  size: number;
}

interface MultipartRecord {
  key: string;
  initiated: Date;
  parts: Map<number, PartRecord>;
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export class S3MultipartFront {
  private readonly uploads = new Map<string, MultipartRecord>();

  private constructor(
    private readonly server: http.Server,
    private readonly target: string,
  ) {}

  /** Listens on a loopback port in front of `target` (the stand-in's endpoint). */
  static async start(target: string): Promise<S3MultipartFront> {
    const server = http.createServer();
    const front = new S3MultipartFront(server, target);
    server.on('request', (req, res) => front.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return front;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Multipart uploads begun and neither completed nor aborted. */
  get openUploads(): number {
    return this.uploads.size;
  }

  /** Makes every open multipart upload look `ms` older (tests of expiry). */
  age(ms: number): void {
    for (const record of this.uploads.values()) record.initiated = new Date(record.initiated.getTime() - ms);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://bucket');
    const [, bucket = '', ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = url.searchParams.get('uploadId');
    const record = uploadId ? this.uploads.get(uploadId) : undefined;

    if (req.method === 'GET' && uploadId && key) {
      this.listParts(res, bucket, key, uploadId, record);
      return;
    }
    if (req.method === 'DELETE' && uploadId && key) {
      this.uploads.delete(uploadId);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && !key && url.searchParams.has('uploads')) {
      this.listUploads(res, bucket, url.searchParams.get('prefix') ?? '');
      return;
    }

    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    const upstream = http.request(
      `${this.target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          if ((answer.statusCode ?? 500) < 300) this.remember(req.method ?? '', url, key, uploadId, answer, body, size);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  }

  private remember(
    method: string,
    url: URL,
    key: string,
    uploadId: string | null,
    answer: http.IncomingMessage,
    body: Buffer,
    size: number,
  ): void {
    if (method === 'POST' && url.searchParams.has('uploads')) {
      const begun = /<UploadId>([^<]+)<\/UploadId>/.exec(body.toString('utf8'))?.[1];
      if (begun) this.uploads.set(begun, { key, initiated: new Date(), parts: new Map() });
    } else if (method === 'PUT' && uploadId) {
      const partNumber = Number(url.searchParams.get('partNumber'));
      const etag = String(answer.headers.etag ?? '');
      this.uploads.get(uploadId)?.parts.set(partNumber, { partNumber, etag, size });
    } else if (method === 'POST' && uploadId) {
      this.uploads.delete(uploadId);
    }
  }

  private listParts(
    res: http.ServerResponse,
    bucket: string,
    key: string,
    uploadId: string,
    record: MultipartRecord | undefined,
  ): void {
    if (!record) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code></Error>');
      return;
    }
    const parts = [...record.parts.values()]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map(
        (part) =>
          `<Part><PartNumber>${part.partNumber}</PartNumber><ETag>${xmlEscape(part.etag)}</ETag><Size>${part.size}</Size></Part>`,
      );
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${xmlEscape(bucket)}</Bucket>` +
        `<Key>${xmlEscape(key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId><IsTruncated>false</IsTruncated>` +
        `${parts.join('')}</ListPartsResult>`,
    );
  }

  private listUploads(res: http.ServerResponse, bucket: string, prefix: string): void {
    const uploads = [...this.uploads]
      .filter(([, record]) => record.key.startsWith(prefix))
      .map(
        ([uploadId, record]) =>
          `<Upload><Key>${xmlEscape(record.key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId>` +
          `<Initiated>${record.initiated.toISOString()}</Initiated></Upload>`,
      );
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${xmlEscape(bucket)}</Bucket>` +
        `<IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
    );
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { CrlfRowEnds } from './crlfRowEnds.ts';

/** PostgreSQL's CSV for two rows whose cells hold quotes and line breaks. */
const COPY_OUTPUT = '1,"say ""hi""\nthere",plain\n2,"x\r\ny",é😀\n3,,"""\n"""\n';
const EXPECTED = '1,"say ""hi""\nthere",plain\r\n2,"x\r\ny",é😀\r\n3,,"""\n"""\r\n';

async function throughCrlf(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(new CrlfRowEnds()));
}

describe('CrlfRowEnds', () => {
  it('ends rows with CRLF and keeps line breaks inside quoted cells', async () => {
    expect(await throughCrlf([Buffer.from(COPY_OUTPUT)])).toBe(EXPECTED);
  });

  it('gives the same bytes wherever the stream is cut into chunks', async () => {
    const bytes = Buffer.from(COPY_OUTPUT);
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      expect(await throughCrlf(chunks), `cut at ${cut}`).toBe(EXPECTED);
    }
    const byteByByte = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await throughCrlf(byteByByte)).toBe(EXPECTED);
  });
});

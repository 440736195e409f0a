/**
 * PostgreSQL's COPY ends each CSV row with LF; RFC 4180 (and our CSV, `csvLine`) with CRLF. This
 * stream puts a CR before every LF that ends a row and leaves the LFs inside quoted cells alone.
 * It looks only at `"` and LF bytes (neither occurs inside a multi-byte UTF-8 character), jumping
 * between them with indexOf, so it costs little more than a copy of each chunk.
 */
import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export class CrlfRowEnds extends Transform {
  /** Inside a quoted cell; carried across chunks, since a cell may span two. */
  private quoted = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const rowEnds = this.rowEndsIn(chunk);
    done(null, rowEnds.length === 0 ? chunk : withCrBefore(chunk, rowEnds));
  }

  /**
   * Offsets of the LFs outside quotes. A doubled quote inside a cell closes and reopens the
   * quoting, which leaves the state right.
   */
  private rowEndsIn(chunk: Buffer): number[] {
    const rowEnds: number[] = [];
    let quote = chunk.indexOf(QUOTE);
    let lf = chunk.indexOf(LF);
    for (;;) {
      if (this.quoted) {
        if (quote === -1) break;
        this.quoted = false;
        if (lf !== -1 && lf < quote) lf = chunk.indexOf(LF, quote + 1);
        quote = chunk.indexOf(QUOTE, quote + 1);
      } else if (quote !== -1 && (lf === -1 || quote < lf)) {
        this.quoted = true;
        quote = chunk.indexOf(QUOTE, quote + 1);
      } else if (lf !== -1) {
        rowEnds.push(lf);
        lf = chunk.indexOf(LF, lf + 1);
      } else break;
    }
    return rowEnds;
  }
}

function withCrBefore(chunk: Buffer, rowEnds: readonly number[]): Buffer {
  const out = Buffer.allocUnsafe(chunk.length + rowEnds.length);
  let from = 0;
  let to = 0;
  for (const lf of rowEnds) {
    to += chunk.copy(out, to, from, lf);
    out[to++] = CR;
    from = lf;
  }
  chunk.copy(out, to, from);
  return out;
}

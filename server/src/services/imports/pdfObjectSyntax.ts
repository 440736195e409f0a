/**
 * Just enough of PDF's object syntax to read a cross-reference stream's dictionary and an image's
 * dictionary from the file (pdf.js does not hand out raw streams): numbers, names, references,
 * arrays, dictionaries, and strings skipped over. Anything it does not understand ends the
 * parse with null, and the caller falls back to pdf.js's decoded pixels.
 */

export type PdfValue = number | boolean | null | string | PdfName | PdfRef | PdfValue[] | PdfDict;
export interface PdfName {
  name: string;
}
export interface PdfRef {
  num: number;
  gen: number;
}
export type PdfDict = Map<string, PdfValue>;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

export const isName = (value: PdfValue | undefined, name?: string): value is PdfName =>
  typeof value === 'object' && value !== null && 'name' in value && (name === undefined || value.name === name);
export const isRef = (value: PdfValue | undefined): value is PdfRef =>
  typeof value === 'object' && value !== null && 'num' in value;
export const isDict = (value: PdfValue | undefined): value is PdfDict => value instanceof Map;

/** Reads objects from a buffer, from `position` on. */
export class PdfSyntaxReader {
  constructor(
    readonly bytes: Buffer,
    public position = 0,
  ) {}

  skipWhitespace(): void {
    const { bytes } = this;
    while (this.position < bytes.length) {
      const byte = bytes[this.position] ?? 0;
      if (WHITESPACE.has(byte)) this.position += 1;
      else if (byte === 0x25) {
        while (this.position < bytes.length && bytes[this.position] !== 0x0a && bytes[this.position] !== 0x0d) {
          this.position += 1;
        }
      } else return;
    }
  }

  /** A regular token (a number, a keyword, `R`), without consuming delimiters. */
  private word(): string {
    const start = this.position;
    while (this.position < this.bytes.length) {
      const byte = this.bytes[this.position] ?? 0;
      if (WHITESPACE.has(byte) || DELIMITERS.has(byte)) break;
      this.position += 1;
    }
    return this.bytes.toString('latin1', start, this.position);
  }

  /** The next keyword or number as text (`obj`, `stream`, `trailer`, `12`), or '' at a delimiter. */
  keyword(): string {
    this.skipWhitespace();
    return this.word();
  }

  /** The next object; integers followed by `gen R` become references. */
  value(depth = 0): PdfValue | undefined {
    if (depth > 32) return undefined;
    this.skipWhitespace();
    const byte = this.bytes[this.position];
    if (byte === undefined) return undefined;
    if (byte === 0x2f) {
      this.position += 1;
      return { name: this.word() };
    }
    if (byte === 0x5b) return this.array(depth);
    if (byte === 0x3c && this.bytes[this.position + 1] === 0x3c) return this.dict(depth);
    if (byte === 0x3c) return this.skipUntil(0x3e);
    if (byte === 0x28) return this.skipLiteralString();
    const word = this.word();
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    const number = Number(word);
    if (word === '' || !Number.isFinite(number)) return undefined;
    if (Number.isInteger(number)) {
      const mark = this.position;
      const gen = this.keyword();
      if (/^\d+$/.test(gen) && this.keyword() === 'R') return { num: number, gen: Number(gen) };
      this.position = mark;
    }
    return number;
  }

  private array(depth: number): PdfValue[] | undefined {
    this.position += 1;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.bytes[this.position] === 0x5d) {
        this.position += 1;
        return items;
      }
      const item = this.value(depth + 1);
      if (item === undefined) return undefined;
      items.push(item);
    }
  }

  private dict(depth: number): PdfDict | undefined {
    this.position += 2;
    const entries: PdfDict = new Map();
    for (;;) {
      this.skipWhitespace();
      if (this.bytes[this.position] === 0x3e && this.bytes[this.position + 1] === 0x3e) {
        this.position += 2;
        return entries;
      }
      const key = this.value(depth + 1);
      if (!isName(key)) return undefined;
      const item = this.value(depth + 1);
      if (item === undefined) return undefined;
      entries.set(key.name, item);
    }
  }

  private skipUntil(end: number): string | undefined {
    const found = this.bytes.indexOf(end, this.position);
    if (found < 0) return undefined;
    this.position = found + 1;
    return '';
  }

  /** Literal strings nest parentheses and escape them with a backslash. */
  private skipLiteralString(): string | undefined {
    let depth = 0;
    while (this.position < this.bytes.length) {
      const byte = this.bytes[this.position];
      this.position += 1;
      if (byte === 0x5c) this.position += 1;
      else if (byte === 0x28) depth += 1;
      else if (byte === 0x29 && --depth === 0) return '';
    }
    return undefined;
  }
}

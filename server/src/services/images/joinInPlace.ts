/**
 * `Buffer.concat(parts)` without a new buffer, for parts cut from `bytes` itself (the metadata
 * strippers keep most of a file and drop a few segments): each part is moved to the front, one
 * after another. Parts must be in file order; each only ever moves towards the start, so the
 * copy (a memmove) never overwrites bytes still to be moved. A multi-megabyte upload is thus
 * stripped without allocating (and later collecting) a second copy of it.
 */
export function joinInPlace(bytes: Buffer, parts: readonly Uint8Array[]): Buffer {
  let length = 0;
  for (const part of parts) {
    const start = part.byteOffset - bytes.byteOffset;
    if (part.buffer !== bytes.buffer || start < length || start + part.length > bytes.length) {
      throw new Error('joinInPlace: every part must be a later piece of the same buffer');
    }
    if (start !== length) bytes.copyWithin(length, start, start + part.length);
    length += part.length;
  }
  return bytes.subarray(0, length);
}

/**
 * Reads a HEIC/HEIF image's size from its `ispe` (image spatial extents) properties without
 * decoding anything, so a tiny file that claims gigapixels is refused before the decoder
 * allocates memory for it. Layout (ISO/IEC 23008-12): meta > iprp > ipco > ispe.
 */

interface Box {
  type: string;
  /** First byte after the box header. */
  start: number;
  end: number;
}

function* childBoxes(view: DataView, start: number, end: number): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    const type = String.fromCharCode(
      view.getUint8(offset + 4),
      view.getUint8(offset + 5),
      view.getUint8(offset + 6),
      view.getUint8(offset + 7),
    );
    let header = 8;
    if (size === 1) {
      // 64-bit "largesize"; anything beyond the buffer is a broken file.
      if (offset + 16 > end) return;
      const large = view.getBigUint64(offset + 8);
      if (large > BigInt(end - offset)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - offset; // box runs to the end of its parent
    }
    if (size < header || offset + size > end) return;
    yield { type, start: offset + header, end: offset + size };
    offset += size;
  }
}

const findChild = (view: DataView, parent: Box, type: string, skip = 0) => {
  for (const box of childBoxes(view, parent.start + skip, parent.end)) if (box.type === type) return box;
  return undefined;
};

/**
 * The largest width × height among the file's `ispe` properties (a grid image's full size is
 * the largest; its tiles are smaller), or undefined when the structure is missing or broken.
 */
export function readHeicDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const file: Box = { type: 'file', start: 0, end: bytes.byteLength };
  const meta = findChild(view, file, 'meta');
  // meta is a "full box": 4 bytes of version and flags precede its children.
  const iprp = meta && findChild(view, meta, 'iprp', 4);
  const ipco = iprp && findChild(view, iprp, 'ipco');
  if (!ipco) return undefined;
  let largest: { width: number; height: number } | undefined;
  for (const box of childBoxes(view, ipco.start, ipco.end)) {
    if (box.type !== 'ispe' || box.end - box.start < 12) continue;
    const width = view.getUint32(box.start + 4);
    const height = view.getUint32(box.start + 8);
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
  }
  return largest && largest.width > 0 && largest.height > 0 ? largest : undefined;
}

/**
 * What kind of container an import holds, from its first bytes (like `detectImageType` for
 * single images): the file's name and declared type are the uploader's claims and never consulted.
 */

export type ContainerType = 'pdf' | 'tiff' | 'zip';

const SIGNATURES: readonly { type: ContainerType; bytes: readonly number[] }[] = [
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'tiff', bytes: [0x49, 0x49, 0x2a, 0x00] }, // II*\0, little-endian TIFF
  { type: 'tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // MM\0*, big-endian TIFF
  { type: 'tiff', bytes: [0x49, 0x49, 0x2b, 0x00] }, // II+\0, little-endian BigTIFF
  { type: 'tiff', bytes: [0x4d, 0x4d, 0x00, 0x2b] }, // MM\0+, big-endian BigTIFF
  { type: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] }, // PK\3\4, a local file header
  { type: 'zip', bytes: [0x50, 0x4b, 0x05, 0x06] }, // PK\5\6, the end record of an empty ZIP
];

export function detectContainerType(bytes: Uint8Array): ContainerType | undefined {
  const match = SIGNATURES.find(
    (signature) => bytes.length >= signature.bytes.length && signature.bytes.every((byte, i) => bytes[i] === byte),
  );
  return match?.type;
}

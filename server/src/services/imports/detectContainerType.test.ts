import { describe, expect, it } from 'vitest';
import { detectContainerType } from './detectContainerType.ts';

describe('detectContainerType', () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3'), 'pdf'],
    ['a little-endian TIFF', Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), 'tiff'],
    ['a big-endian TIFF', Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), 'tiff'],
    ['a little-endian BigTIFF', Buffer.from([0x49, 0x49, 0x2b, 0x00, 8, 0, 0, 0]), 'tiff'],
    ['a big-endian BigTIFF', Buffer.from([0x4d, 0x4d, 0x00, 0x2b, 0, 8, 0, 0]), 'tiff'],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]), 'zip'],
    ['an empty ZIP', Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0]), 'zip'],
  ])('recognises %s', (_, bytes, type) => {
    expect(detectContainerType(bytes)).toBe(type);
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['a truncated signature', Buffer.from('%PD')],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a PDF signature not at the start', Buffer.from(' %PDF-1.7')],
    ['a mixed-order TIFF header', Buffer.from([0x49, 0x4d, 0x2a, 0x00])],
    ['a ZIP data descriptor', Buffer.from([0x50, 0x4b, 0x07, 0x08])],
    ['text', Buffer.from('hello world')],
  ])('does not take %s for a container', (_, bytes) => {
    expect(detectContainerType(bytes)).toBeUndefined();
  });
});

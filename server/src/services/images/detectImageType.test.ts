import { describe, expect, it } from 'vitest';
import { detectImageType } from './detectImageType.ts';

const ftyp = (major: string, ...compatible: string[]) => {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const size = 8 + brands.length;
  const box = Buffer.alloc(size + 16);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${brands}`, 4, 'latin1');
  return box;
};

describe('detectImageType', () => {
  it.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpeg'],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'png'],
    ['GIF87a', Buffer.from('GIF87a\x01\x00'), 'gif'],
    ['GIF89a', Buffer.from('GIF89a\x01\x00'), 'gif'],
    ['WebP', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '), 'webp'],
    ['HEIC (major heic)', ftyp('heic', 'mif1', 'heic'), 'heic'],
    ['HEIF sequence (major hevc)', ftyp('hevc', 'msf1'), 'heic'],
    ['HEIF (major mif1, compatible heic)', ftyp('mif1', 'heic', 'miaf'), 'heic'],
    ['HEIF (major heix)', ftyp('heix', 'mif1'), 'heic'],
    ['AVIF (lists mif1 too)', ftyp('avif', 'mif1', 'miaf'), 'avif'],
    ['AVIF sequence', ftyp('avis', 'msf1', 'avif'), 'avif'],
  ])('recognises %s', (_, bytes, type) => {
    expect(detectImageType(bytes)).toBe(type);
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is text')],
    ['PDF', Buffer.from('%PDF-1.7\n')],
    ['MP4 video', ftyp('isom', 'iso2', 'mp41')],
    ['half a PNG signature', Buffer.from([0x89, 0x50, 0x4e])],
    ['RIFF that is not WebP', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ')],
  ])('refuses %s', (_, bytes) => {
    expect(detectImageType(bytes)).toBeUndefined();
  });
});

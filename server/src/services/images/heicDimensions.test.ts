import { describe, expect, it } from 'vitest';
import { readHeicFixture } from '../../test/fixtures/imageFixtures.ts';
import { readHeicDimensions } from './heicDimensions.ts';

describe('readHeicDimensions', () => {
  it('reads the size of real HEIC files without decoding them', async () => {
    expect(readHeicDimensions(await readHeicFixture('sample'))).toEqual({ width: 320, height: 240 });
    expect(readHeicDimensions(await readHeicFixture('large'))).toEqual({ width: 2016, height: 2688 });
  });

  it('reports what the header claims, however large (the caller refuses floods)', async () => {
    const heic = Buffer.from(await readHeicFixture('sample'));
    const ispe = heic.indexOf('ispe');
    heic.writeUInt32BE(50_000, ispe + 8);
    heic.writeUInt32BE(40_000, ispe + 12);
    expect(readHeicDimensions(heic)).toEqual({ width: 50_000, height: 40_000 });
  });

  it('gives up on files whose structure is missing or broken', async () => {
    const heic = await readHeicFixture('sample');
    expect(readHeicDimensions(heic.subarray(0, 40))).toBeUndefined();
    expect(readHeicDimensions(Buffer.from('not a heif file at all'))).toBeUndefined();
    const lying = Buffer.from(heic);
    lying.writeUInt32BE(0xffffff, lying.indexOf('meta') - 4); // meta box claims to run past the end
    expect(readHeicDimensions(lying)).toBeUndefined();
  });
});

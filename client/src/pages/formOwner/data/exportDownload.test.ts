import { describe, expect, it } from 'vitest';
import { estimateExportPercent, filenameFromContentDisposition } from './exportDownload.ts';

describe('filenameFromContentDisposition', () => {
  it('prefers the exact UTF-8 name of filename* over the ASCII fallback', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="Registre_paroissial_verified_data.csv"; filename*=UTF-8''Registre%20paroissial%20%C3%A9t%C3%A9_verified_data.csv`,
      ),
    ).toBe('Registre paroissial été_verified_data.csv');
  });

  it('reads a quoted or a bare filename when there is no filename*', () => {
    expect(filenameFromContentDisposition('attachment; filename="Census \\"1901\\"_data.csv"')).toBe(
      'Census "1901"_data.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename=census.csv')).toBe('census.csv');
    expect(filenameFromContentDisposition('attachment; FILENAME = "upper.csv"')).toBe('upper.csv');
  });

  it('falls back to the plain name when filename* cannot be decoded', () => {
    expect(filenameFromContentDisposition(`attachment; filename="plain.csv"; filename*=UTF-8''bad%E0%A4%A.csv`)).toBe(
      'plain.csv',
    );
  });

  it('never returns a path, and nothing when there is no name', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});

describe('estimateExportPercent', () => {
  it('estimates from bytes per line seen so far, and stays below 100 until the end', () => {
    // 1 header + 999 rows of 100 bytes each expected; 501 lines (50,100 bytes) seen.
    expect(estimateExportPercent(50_100, 501, 999)).toBe(50);
    expect(estimateExportPercent(100_000, 1000, 999)).toBe(99);
    expect(estimateExportPercent(120_000, 1200, 999)).toBe(99);
    expect(estimateExportPercent(0, 0, 999)).toBeNull();
    expect(estimateExportPercent(5_000, 10, null)).toBeNull();
  });
});

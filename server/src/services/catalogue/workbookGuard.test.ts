/**
 * The workbook guard refuses what would unpack past its budget, and any ZIP a streaming reader
 * (exceljs) would read differently from its central directory, before exceljs inflates anything.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../../test/zipFixtures.ts';
import { assertWorkbookBounded } from './workbookGuard.ts';

const BOUNDS = { maxEntries: 20, maxInflatedBytes: 8 * 1024 * 1024 };
const small = (name: string) => ({ name, data: Buffer.from(`<x>${name}</x>`) });

async function refusal(zip: Buffer): Promise<string | undefined> {
  return await assertWorkbookBounded(zip, BOUNDS).then(
    () => undefined,
    (error: { reason?: string }) => error.reason,
  );
}

describe('assertWorkbookBounded', () => {
  it('passes a workbook exceljs wrote', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Catalogue').addRows([
      ['fileName', 'box'],
      ['a.jpg', 'Box 12'],
    ]);
    expect(await refusal(Buffer.from(await workbook.xlsx.writeBuffer()))).toBeUndefined();
  });

  it('passes stored and deflated entries that add up within the budget', async () => {
    expect(await refusal(writeZip([small('a.xml'), { ...small('b.xml'), store: true }]))).toBeUndefined();
  });

  it('refuses a bomb: an entry that unpacks past the budget, inflating no further than it', async () => {
    const bomb = { name: 'xl/sharedStrings.xml', data: Buffer.alloc(BOUNDS.maxInflatedBytes + 1, 0x20) };
    const zip = writeZip([small('[Content_Types].xml'), bomb]);
    expect(zip.length).toBeLessThan(64 * 1024);
    expect(await refusal(zip)).toBe('too-large');
  });

  it('refuses many entries that add up past the budget together', async () => {
    const third = Buffer.alloc(Math.ceil(BOUNDS.maxInflatedBytes / 3) + 1, 0x20);
    const parts = ['a', 'b', 'c'].map((name) => ({ name: `${name}.xml`, data: third }));
    expect(await refusal(writeZip(parts))).toBe('too-large');
  });

  it('refuses an entry a streaming reader would see but the directory hides', async () => {
    const hidden = { name: 'hidden.xml', data: Buffer.alloc(1024, 0x20), hidden: true };
    expect(await refusal(writeZip([hidden, small('a.xml')]))).toBe('malformed');
  });

  it('refuses a local header that states another size than the directory', async () => {
    expect(await refusal(writeZip([{ ...small('a.xml'), localCompressedSize: 3 }, small('b.xml')]))).toBe('malformed');
  });

  it('refuses bytes hidden after an entry’s deflate stream, inside its size', async () => {
    const trailing = writeZip([small('inner.xml')]);
    expect(await refusal(writeZip([{ ...small('a.xml'), trailing }]))).toBe('malformed');
  });

  it('refuses too many entries, and what is not a ZIP', async () => {
    const many = Array.from({ length: BOUNDS.maxEntries + 1 }, (_, i) => small(`p${i}.xml`));
    expect(await refusal(writeZip(many))).toBe('malformed');
    expect(await refusal(Buffer.from('PK\u0003\u0004 not really'))).toBe('malformed');
  });
});

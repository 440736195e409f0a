import { describe, expect, it } from 'vitest';
import { csvCell, csvCellValue, csvLine } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-3', "'-3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rCR', `"'\rCR"`],
    ['=1,2', `"'=1,2"`],
    // Spreadsheets read full-width formula starters as their ASCII twins.
    ['＝SUM(A1:A2)', "'＝SUM(A1:A2)"],
    ['＋1 555', "'＋1 555"],
    ['－3', "'－3"],
    ['＠cmd', "'＠cmd"],
    ['Ａ＝1', 'Ａ＝1'],
    ['Zoë Ñandú', 'Zoë Ñandú'],
    [null, ''],
    [42, '42'],
    [true, 'true'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b c', '"'])).toBe('a,b c,""""\r\n');
  });
});

describe('csvCellValue', () => {
  it('gives back what csvCell neutralised, and leaves other apostrophes alone', () => {
    for (const value of ['-1', '=SUM(A1)', '+44 20', '@home', '\uFF1D1', 'plain', "'quoted"]) {
      const written = csvCell(value).replace(/^"|"$/g, '');
      expect(csvCellValue(written)).toBe(value);
    }
  });
});

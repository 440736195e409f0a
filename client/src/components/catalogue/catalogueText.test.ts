import { describe, expect, it } from 'vitest';
import { catalogueLine, catalogueTooltip } from './catalogueText.ts';

describe('catalogueLine', () => {
  it('joins the columns in their order', () => {
    expect(catalogueLine({ Box: '12', Folder: '3' })).toBe('Box: 12 · Folder: 3');
  });

  it('shows the first few and says how many more there are', () => {
    expect(catalogueLine({ a: '1', b: '2', c: '3', d: '4', e: '5' }, 3)).toBe('a: 1 · b: 2 · c: 3 · +2 more');
    expect(catalogueLine({ a: '1', b: '2' }, 3)).toBe('a: 1 · b: 2');
  });

  it('cuts a long value short; the tooltip keeps it whole', () => {
    const notes = 'Water damage along the lower edge of every page from 212 to 240';
    const line = catalogueLine({ notes });
    expect(line).toBe('notes: Water damage along the lower edge of ev…');
    expect(line.length).toBeLessThan(notes.length);
    expect(catalogueTooltip({ box: '12', notes })).toBe(`box: 12\nnotes: ${notes}`);
  });

  it('is empty without data', () => {
    expect(catalogueLine({})).toBe('');
    expect(catalogueTooltip({})).toBe('');
  });
});

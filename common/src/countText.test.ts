import { describe, expect, it } from 'vitest';
import { countText } from './countText.ts';

describe('countText', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect(countText(1, 'contributor')).toBe('1 contributor');
    expect(countText(0, 'contributor')).toBe('0 contributors');
    expect(countText(2, 'submission')).toBe('2 submissions');
  });

  it('takes an irregular plural and groups thousands', () => {
    expect(countText(1, 'entry', 'entries')).toBe('1 entry');
    expect(countText(1200, 'entry', 'entries')).toBe('1,200 entries');
  });
});

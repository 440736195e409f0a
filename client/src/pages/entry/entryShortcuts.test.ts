import { describe, expect, it } from 'vitest';
import { entryShortcutFor } from './entryShortcuts.ts';

const key = (code: string, modifiers: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  code,
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});
const anywhere = { inTextField: false, isMac: false, direction: 'ltr' } as const;

describe('entry shortcuts', () => {
  it('maps Alt with arrows, =, -, 0 and R', () => {
    expect(entryShortcutFor(key('ArrowRight'), anywhere)).toBe('nextImage');
    expect(entryShortcutFor(key('ArrowLeft'), anywhere)).toBe('previousImage');
    expect(entryShortcutFor(key('Equal'), anywhere)).toBe('zoomIn');
    expect(entryShortcutFor(key('Minus'), anywhere)).toBe('zoomOut');
    expect(entryShortcutFor(key('Digit0'), anywhere)).toBe('resetZoom');
    expect(entryShortcutFor(key('KeyR'), anywhere)).toBe('rotateRight');
  });

  it('steps back with the arrow where the page starts: the right one in a right-to-left page', () => {
    const rightToLeft = { ...anywhere, direction: 'rtl' } as const;
    expect(entryShortcutFor(key('ArrowLeft'), rightToLeft)).toBe('nextImage');
    expect(entryShortcutFor(key('ArrowRight'), rightToLeft)).toBe('previousImage');
    expect(entryShortcutFor(key('KeyR'), rightToLeft)).toBe('rotateRight');
  });

  it('leaves other keys and combinations alone', () => {
    expect(entryShortcutFor(key('ArrowRight', { altKey: false }), anywhere)).toBeNull();
    expect(entryShortcutFor(key('ArrowRight', { ctrlKey: true }), anywhere)).toBeNull();
    expect(entryShortcutFor(key('KeyA'), anywhere)).toBeNull();
  });

  it('works inside text boxes except on a Mac, where Option types characters', () => {
    expect(entryShortcutFor(key('ArrowRight'), { ...anywhere, inTextField: true })).toBe('nextImage');
    expect(entryShortcutFor(key('Equal'), { ...anywhere, inTextField: true, isMac: true })).toBeNull();
    expect(entryShortcutFor(key('Equal'), { ...anywhere, isMac: true })).toBe('zoomIn');
  });
});

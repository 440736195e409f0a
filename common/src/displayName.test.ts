import { describe, expect, it } from 'vitest';
import { displayName } from './displayName.ts';

describe('displayName', () => {
  it("shows the person's name, trimmed", () => {
    expect(displayName({ name: '  Ada Lovelace ', username: 'ada@example.org' })).toBe('Ada Lovelace');
  });

  it('falls back to the part of the e-mail before the @ when there is no name', () => {
    expect(displayName({ name: null, username: 'ada@example.org' })).toBe('ada');
    expect(displayName({ username: 'grace.hopper@example.org' })).toBe('grace.hopper');
  });

  it('treats a blank name as no name', () => {
    expect(displayName({ name: '   ', username: 'ada@example.org' })).toBe('ada');
  });

  it('keeps the whole username when there is nothing before the @', () => {
    expect(displayName({ name: '', username: '@example.org' })).toBe('@example.org');
    expect(displayName({ name: null, username: 'noatsign' })).toBe('noatsign');
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findResponseMismatch } from './respond.ts';

const itemSchema = z.object({ id: z.number(), createdAt: z.string(), tags: z.record(z.string(), z.boolean()) });
const pageSchema = z.object({ items: z.array(itemSchema), total: z.number() });

describe('findResponseMismatch', () => {
  it('accepts a body exactly as the client will parse it (Dates arrive as strings)', () => {
    const body = { items: [{ id: 1, createdAt: new Date(0), tags: { a: true } }], total: 1 };
    expect(findResponseMismatch(pageSchema, body)).toBeUndefined();
  });

  it('names a key the schema forgot, however deep, which a plain zod parse would silently drop', () => {
    const body = { items: [{ id: 1, createdAt: 'x', tags: {}, passwordHash: 'h' }], total: 1 };
    expect(itemSchema.safeParse(body.items[0]).success).toBe(true);
    expect(findResponseMismatch(pageSchema, body)).toBe('items.0.passwordHash: not in the response schema');
  });

  it('names a missing or mistyped field', () => {
    expect(findResponseMismatch(pageSchema, { items: [] })).toMatch(/^total: /);
    expect(findResponseMismatch(pageSchema, { items: [{ id: '1', createdAt: 'x', tags: {} }], total: 1 })).toMatch(
      /^items\.0\.id: /,
    );
  });

  it('lets record values and loose objects carry any key they declare room for', () => {
    const loose = z.object({ message: z.string() }).loose();
    expect(findResponseMismatch(loose, { message: 'm', upgrade: true })).toBeUndefined();
    expect(findResponseMismatch(z.array(z.number()), [1, 2])).toBeUndefined();
  });
});

/**
 * The lean transaction's statements must be byte for byte what knex sends for the same `raw()`:
 * a plannedOnce name may be prepared on a connection by either path, and pg refuses one name for
 * two texts. Compared here with knex's own pg compiler (no database needed).
 */
import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { positionalStatement } from './positionalText.ts';
import type { Bindings } from './sqlRunner.ts';

const knex = knexFactory({ client: 'pg' });

function knexSends(text: string, bindings: Bindings) {
  const native = knex.raw(text, bindings).toSQL().toNative();
  return { text: native.sql, values: native.bindings };
}

const cases: Array<[string, string, Bindings]> = [
  [
    'named, repeated, beside casts',
    `SELECT f.xmin::text AS v, CAST(:data AS jsonb) FROM form_images f WHERE f.id = :imageId AND f.form_id = :formId
       AND EXISTS (SELECT 1 FROM image_leases WHERE image_id = :imageId AND user_id = :userId)`,
    { imageId: 7, formId: 3, userId: 9, data: '{"a":1}' },
  ],
  ['a name that is not a binding stays as written', `SELECT ':x', :a::int, now()::date`, { a: 1 }],
  ['an escaped name', 'SELECT \\:a, :a', { a: 2 }],
  ['null and dates', 'SELECT :a, :b', { a: null, b: new Date(0) }],
  [
    'positional',
    'update "form_images" set "entry_count" = ?, "field_status" = ? where "id" = ? RETURNING 1',
    [1, '{}', 5],
  ],
  ['positional with an escaped question mark', `SELECT '{"a":1}'::jsonb \\? 'a', ?`, [1]],
];

describe('positionalStatement', () => {
  it.each(cases)('%s: the text and values knex sends', (_name, text, bindings) => {
    expect(positionalStatement(text, bindings)).toEqual(knexSends(text, bindings));
    // Twice: the second comes from the cache.
    expect(positionalStatement(text, bindings)).toEqual(knexSends(text, bindings));
  });

  it('refuses a count of bindings that does not match, as knex does', () => {
    expect(() => positionalStatement('SELECT ?, ?', [1])).toThrow(/Expected 1 bindings, saw 2/);
  });
});

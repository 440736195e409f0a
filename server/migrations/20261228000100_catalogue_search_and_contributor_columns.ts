/**
 * Catalogue data where owners and contributors see it (issue 25):
 *
 * - form_catalogues.contributor_columns: the catalogue columns the owner shows contributors while
 *   they enter an image ("Box 12, Folder 3"); none until chosen. A new catalogue keeps the chosen
 *   columns it still has.
 * - The image list's search also finds an image by its source file name and, for managers, by its
 *   catalogue data ("box 12", "ledger-1871"): `form_image_search_text` is the one text searched,
 *   and a trigram index over it keeps a search of thousands of images (ILIKE '%…%') an index
 *   lookup rather than a scan per keystroke. pg_trgm is there since the admin search's migration.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_catalogues', (t) => {
    t.jsonb('contributor_columns').notNullable().defaultTo('[]');
  });
  // Each catalogue pair as "column value" on its own line (a search does not run across two), so
  // "Box 12" finds the image whose box is 12. IMMUTABLE as jsonb_each_text is: indexable. Its
  // COST says what it is, a query per row (some 15 µs): left at the default, the planner reckons
  // a scan of a form's few thousand rows cheaper than the index, and a keystroke takes 40 ms.
  await knex.raw(`
    CREATE FUNCTION form_image_search_text(original_name text, source_file_name text, metadata jsonb)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 1000 AS $$
      SELECT original_name || E'\\n' || source_file_name || coalesce(
        (SELECT string_agg(E'\\n' || key || ' ' || value, '') FROM jsonb_each_text(metadata)), '')
    $$`);
  await knex.raw(`CREATE INDEX form_images_search_trgm ON form_images
    USING gin (form_image_search_text(original_name, source_file_name, metadata) gin_trgm_ops)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX form_images_search_trgm');
  await knex.raw('DROP FUNCTION form_image_search_text(text, text, jsonb)');
  await knex.schema.alterTable('form_catalogues', (t) => t.dropColumn('contributor_columns'));
}

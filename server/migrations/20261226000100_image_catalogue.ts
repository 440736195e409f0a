/**
 * Where an image came from, and the catalogue data that describes it (issue 25).
 *
 * - form_images.source_file_name / source_page: the uploaded file's name (later, a path inside a
 *   ZIP) and the page of a PDF or TIFF, counted from 1 (null for a single image). Existing images
 *   take their original name, and so does a row inserted without a source (a trigger): only the
 *   container imports name a path or a page.
 * - form_images.metadata: the catalogue row matched to the image (column -> text), copied onto
 *   the image so that lists and exports read it without a join.
 * - form_catalogue_rows: the form's catalogue as last uploaded, kept so that scans uploaded after
 *   it still get their row. A new catalogue replaces every row. `form_catalogues.columns` keeps
 *   the metadata columns in the file's order (the export's column order).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_images', (t) => {
    t.text('source_file_name');
    t.integer('source_page');
    t.jsonb('metadata').notNullable().defaultTo('{}');
  });
  await knex.raw('UPDATE form_images SET source_file_name = original_name');
  await knex.raw(`
    CREATE FUNCTION form_images_default_source() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.source_file_name := coalesce(NEW.source_file_name, NEW.original_name);
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER form_images_default_source BEFORE INSERT ON form_images
    FOR EACH ROW EXECUTE FUNCTION form_images_default_source()`);
  await knex.raw('ALTER TABLE form_images ALTER COLUMN source_file_name SET NOT NULL');
  await knex.raw('ALTER TABLE form_images ADD CONSTRAINT form_images_source_page_check CHECK (source_page >= 1)');
  // A catalogue's rows find their images by file name.
  await knex.raw('CREATE INDEX form_images_source ON form_images (form_id, source_file_name)');

  await knex.schema.createTable('form_catalogues', (t) => {
    t.integer('form_id').primary().references('forms.id').onDelete('CASCADE');
    t.jsonb('columns').notNullable();
    t.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('form_catalogue_rows', (t) => {
    t.increments('id').primary();
    t.integer('form_id').notNullable().references('form_catalogues.form_id').onDelete('CASCADE');
    /** The row's line in the file (1 is the header), for the unmatched list. */
    t.integer('line').notNullable();
    t.text('file_name').notNullable();
    t.integer('page');
    t.jsonb('metadata').notNullable();
  });
  // One row per file and page: a new upload's lookup finds at most one row of each kind.
  await knex.raw(
    'CREATE UNIQUE INDEX form_catalogue_rows_source ON form_catalogue_rows (form_id, file_name, coalesce(page, 0))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('form_catalogue_rows');
  await knex.schema.dropTable('form_catalogues');
  await knex.raw('DROP INDEX form_images_source');
  await knex.raw('DROP TRIGGER form_images_default_source ON form_images');
  await knex.raw('DROP FUNCTION form_images_default_source()');
  await knex.raw('ALTER TABLE form_images DROP CONSTRAINT form_images_source_page_check');
  await knex.schema.alterTable('form_images', (t) => {
    t.dropColumn('source_file_name');
    t.dropColumn('source_page');
    t.dropColumn('metadata');
  });
}

/**
 * Imports: containers (PDF, TIFF, ZIP) and IIIF manifests split into a form's images by a
 * background job (issue 25).
 *
 * - form_imports: one row per import, its figures as the owner watches them, and `processed`,
 *   the number of the source's items already handled, so a job that restarts (a crash, a deploy)
 *   skips them instead of importing them again. `stored_name` is the container in the `imports`
 *   storage area until the import ends.
 * - form_images.content_hash: SHA-256 of the bytes an image arrived as; an import skips a page
 *   whose bytes the form already holds. Null for images older than this.
 * - form_images.source_metadata: what the source itself said of the image (a IIIF canvas's label
 *   and metadata); the catalogue's row is laid over it in `metadata`.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('form_imports', (t) => {
    t.increments('id').primary();
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.text('kind').notNullable();
    t.text('name').notNullable();
    t.text('iiif_url');
    t.text('stored_name');
    t.bigInteger('stored_size');
    t.text('status').notNullable().defaultTo('running');
    t.integer('found').notNullable().defaultTo(0);
    t.integer('imported').notNullable().defaultTo(0);
    t.integer('duplicates').notNullable().defaultTo(0);
    t.integer('processed').notNullable().defaultTo(0);
    t.jsonb('refused').notNullable().defaultTo('[]');
    t.text('reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.raw(
    `ALTER TABLE form_imports ADD CONSTRAINT form_imports_status_check
     CHECK (status IN ('running', 'done', 'failed', 'cancelled'))`,
  );
  await knex.raw("ALTER TABLE form_imports ADD CONSTRAINT form_imports_kind_check CHECK (kind IN ('file', 'iiif'))");
  await knex.raw('CREATE INDEX form_imports_form ON form_imports (form_id, created_at DESC)');
  await knex.schema.alterTable('form_images', (t) => {
    t.text('content_hash');
    t.jsonb('source_metadata').notNullable().defaultTo('{}');
  });
  await knex.raw('CREATE INDEX form_images_content_hash ON form_images (form_id, content_hash)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX form_images_content_hash');
  await knex.schema.alterTable('form_images', (t) => {
    t.dropColumn('content_hash');
    t.dropColumn('source_metadata');
  });
  await knex.schema.dropTable('form_imports');
}

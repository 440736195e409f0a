/**
 * IIIF manifests (issue 27) give each canvas the pixel size of its image, so each image row keeps
 * the width and height of its stored file. Uploads fill them in; rows older than this migration
 * stay null until a manifest first needs them (services/iiif/imageDimensions.ts reads the stored
 * file's header then and writes them back), since a migration cannot read the files' storage.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_images', (t) => {
    t.integer('width').nullable();
    t.integer('height').nullable();
  });
  await knex.raw(`ALTER TABLE form_images ADD CONSTRAINT form_images_dimensions
    CHECK ((width IS NULL) = (height IS NULL) AND (width IS NULL OR (width > 0 AND height > 0)))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE form_images DROP CONSTRAINT form_images_dimensions');
  await knex.schema.alterTable('form_images', (t) => {
    t.dropColumn('width');
    t.dropColumn('height');
  });
}

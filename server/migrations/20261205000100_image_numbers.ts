/**
 * Each image's position in its form's upload order, stored on its row, so answers that show
 * "Image N of M" read it instead of counting the images before it. Numbers stay dense (1..M), as
 * positions: deleting an image moves the later ones down, in the delete's own statement.
 *
 * The database keeps the rule, so every insert and delete path keeps it: it assigns the number on
 * insert (the form's highest plus one, one index descent) and closes gaps after a delete. Uploads
 * and deletes of one form's images serialise (`lockFormImageNumbers`).
 * The uniqueness check runs at the end of each statement, so a renumbering UPDATE may pass
 * through momentary duplicates.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_images', (t) => {
    t.integer('number');
  });
  await knex.raw(`
    UPDATE form_images i SET number = n.number
    FROM (SELECT id, row_number() OVER (PARTITION BY form_id ORDER BY id)::int AS number FROM form_images) n
    WHERE i.id = n.id`);
  await knex.raw(`
    CREATE FUNCTION form_images_assign_number() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.number IS NULL THEN
        SELECT coalesce(max(number), 0) + 1 INTO NEW.number FROM form_images WHERE form_id = NEW.form_id;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER form_images_assign_number BEFORE INSERT ON form_images
    FOR EACH ROW EXECUTE FUNCTION form_images_assign_number()`);
  // Once per DELETE statement: the images of the same form after the deleted ones move down by the
  // number of deleted images before them. A whole form's cascade leaves no rows to move.
  await knex.raw(`
    CREATE FUNCTION form_images_close_number_gaps() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE form_images i
      SET number = i.number - (SELECT count(*) FROM deleted_images d WHERE d.form_id = i.form_id AND d.number < i.number)
      WHERE i.form_id IN (SELECT form_id FROM deleted_images)
        AND i.number > (SELECT min(d.number) FROM deleted_images d WHERE d.form_id = i.form_id);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER form_images_close_number_gaps AFTER DELETE ON form_images
    REFERENCING OLD TABLE AS deleted_images
    FOR EACH STATEMENT EXECUTE FUNCTION form_images_close_number_gaps()`);
  await knex.raw('ALTER TABLE form_images ALTER COLUMN number SET NOT NULL');
  await knex.raw(`
    ALTER TABLE form_images ADD CONSTRAINT form_images_form_id_number_unique
    UNIQUE (form_id, number) DEFERRABLE INITIALLY IMMEDIATE`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER form_images_close_number_gaps ON form_images');
  await knex.raw('DROP FUNCTION form_images_close_number_gaps()');
  await knex.raw('DROP TRIGGER form_images_assign_number ON form_images');
  await knex.raw('DROP FUNCTION form_images_assign_number()');
  await knex.schema.alterTable('form_images', (t) => {
    t.dropUnique(['form_id', 'number'], 'form_images_form_id_number_unique');
    t.dropColumn('number');
  });
}

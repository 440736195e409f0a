/**
 * Fewer checks and index writes on every entry, the busiest write there is (issue 28):
 * - field_values keeps one foreign key, to its entry (form_submissions), which it cascades from.
 *   Its form and image are its entry's (one statement writes both, submissionRecorder.ts), and
 *   deleting a form or an image deletes its entries and so their values. The three keys dropped
 *   cost 60 lookups of other rows a submission (one per value and key), every one of them a
 *   KEY SHARE lock, and the one on the form a lock on the row every entry of the form shares.
 *   What the key to users did on an account's deletion (clear the person from their values)
 *   the deletion now does itself (services/admin/accountDeletion.ts).
 * - Two indexes on form_submissions were prefixes of others, which serve every query they did:
 *   (form_id, submitted_by_id) of (form_id, submitted_by_id, id DESC), and (submitted_by_id) of
 *   (submitted_by_id, form_id).
 * - An entry ends its contributor's lease on the image and then stores the image's new state: the
 *   lease trigger's own update of the image row was a second new version of that row (with every
 *   one of its indexes written again: the lease count is in the offer order) a few statements
 *   before the state's. The entry's statement now names its lease in the transaction's
 *   `formscribe.lease_end_counted` ("image/user") and the image's update takes it off the count
 *   (services/submissions/submissionRecorder.ts); the trigger counts every other lease as before,
 *   cascades included.
 */
import type { Knex } from 'knex';

function leaseCountTrigger(deleteCondition: string): string {
  return `
    CREATE OR REPLACE FUNCTION image_leases_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE form_images SET lease_count = lease_count + 1 WHERE id = NEW.image_id;
      ELSIF ${deleteCondition} THEN
        UPDATE form_images SET lease_count = lease_count - 1 WHERE id = OLD.image_id;
      END IF;
      RETURN NULL;
    END $$`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE field_values
    DROP CONSTRAINT field_values_form_id_foreign,
    DROP CONSTRAINT field_values_image_id_foreign,
    DROP CONSTRAINT field_values_submitted_by_id_foreign`);
  await knex.raw('DROP INDEX form_submissions_form_id_submitted_by_id_index');
  await knex.raw('DROP INDEX form_submissions_submitted_by_id_index');
  await knex.raw(
    leaseCountTrigger(
      `current_setting('formscribe.lease_end_counted', true) IS DISTINCT FROM OLD.image_id || '/' || OLD.user_id`,
    ),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(leaseCountTrigger('true'));
  await knex.raw('CREATE INDEX form_submissions_submitted_by_id_index ON form_submissions (submitted_by_id)');
  await knex.raw(
    'CREATE INDEX form_submissions_form_id_submitted_by_id_index ON form_submissions (form_id, submitted_by_id)',
  );
  await knex.raw(`ALTER TABLE field_values
    ADD CONSTRAINT field_values_form_id_foreign FOREIGN KEY (form_id) REFERENCES forms(id) ON DELETE CASCADE,
    ADD CONSTRAINT field_values_image_id_foreign FOREIGN KEY (image_id) REFERENCES form_images(id) ON DELETE CASCADE,
    ADD CONSTRAINT field_values_submitted_by_id_foreign FOREIGN KEY (submitted_by_id) REFERENCES users(id) ON DELETE SET NULL`);
}

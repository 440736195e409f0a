/**
 * next-image picks the least covered image (entries plus leases) without reading every image of the
 * form: an index in offer order — form, entries + leases, then a random key per image so equals come
 * in a random order — lets PostgreSQL walk the open images from the least covered and stop at the
 * first one that still has room. For that the lease count lives on the image row.
 *
 * `lease_count` counts the image's lease rows, live or expired (an expired row is deleted by the
 * lease sweeper within a minute; until then the image only sorts a little later — whether it has
 * room is always judged on live leases). The database keeps the count, so every path that adds or
 * removes leases keeps it right, cascades from deleted users and forms included.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE form_images
      ADD COLUMN lease_count integer NOT NULL DEFAULT 0,
      ADD COLUMN offer_key double precision NOT NULL DEFAULT random()`);
  await knex.raw(`
    UPDATE form_images i SET lease_count = l.leases
    FROM (SELECT image_id, count(*)::int AS leases FROM image_leases GROUP BY image_id) l
    WHERE i.id = l.image_id`);
  await knex.raw(`
    CREATE FUNCTION image_leases_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE form_images SET lease_count = lease_count + 1 WHERE id = NEW.image_id;
      ELSE
        UPDATE form_images SET lease_count = lease_count - 1 WHERE id = OLD.image_id;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER image_leases_count AFTER INSERT OR DELETE ON image_leases
    FOR EACH ROW EXECUTE FUNCTION image_leases_count()`);
  await knex.raw(`
    CREATE INDEX form_images_offer_order ON form_images (form_id, (entry_count + lease_count), offer_key)
    WHERE NOT is_complete`);
  // "Images still needing this contributor" counts from the contributor's side (their entries and
  // votes on the form), not by reading every image.
  await knex.raw('CREATE INDEX form_submissions_submitter_form ON form_submissions (submitted_by_id, form_id)');
  await knex.raw('CREATE INDEX image_no_data_votes_user ON image_no_data_votes (user_id)');
  await knex.raw('CREATE INDEX image_unreadable_votes_user ON image_unreadable_votes (user_id)');
  // The sweeper finds expired leases across forms.
  await knex.raw('CREATE INDEX image_leases_expires_at ON image_leases (expires_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX image_leases_expires_at');
  await knex.raw('DROP INDEX image_unreadable_votes_user');
  await knex.raw('DROP INDEX image_no_data_votes_user');
  await knex.raw('DROP INDEX form_submissions_submitter_form');
  await knex.raw('DROP INDEX form_images_offer_order');
  await knex.raw('DROP TRIGGER image_leases_count ON image_leases');
  await knex.raw('DROP FUNCTION image_leases_count()');
  await knex.raw('ALTER TABLE form_images DROP COLUMN lease_count, DROP COLUMN offer_key');
}

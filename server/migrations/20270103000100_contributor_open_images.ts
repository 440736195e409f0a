/**
 * A contributor's standing on a form, kept where it is cheap to count (issue 28's soak). The next-image
 * claim tells every contributor how many of the form's open images they have entered or voted on
 * (their progress, "N of M", and whether they are done). It used to count that from their whole
 * history on every cycle: each of their entries and votes, and the image of each. A form hands out
 * its least covered images first, so on a large form every image a contributor enters stays open
 * until the whole form has been covered once or twice more: their count grew with each entry, and a
 * volunteer with thousands of entries paid thousands of index lookups per image handed out.
 *
 * One table, kept by triggers so that every path agrees (entries, votes, an owner deleting an
 * entry, completion by consensus or by hand and its undoing, an image, form or account deleted):
 * `contributor_open_images`, one row per open image a contributor has entered or voted on. Each
 * trigger states the set rather than counting a change (insert if missing, delete if present), so
 * the order in which one statement's triggers fire does not matter: an entry that completes its
 * image in the same statement adds no row, or adds one that the completion removes. The claim
 * counts the contributor's rows on an index (form, contributor): a range of adjacent index
 * entries, only the open images they have touched, where the count from their history visited
 * every entry they had made and its image.
 *
 * No row is shared between contributors or images, so these writes take no lock another entry
 * waits for: a row is an image's and one contributor's, and every path that writes it holds the
 * image's row. (A count per contributor and form in a row of its own would be shared: an entry
 * would update its contributor's before the form's counters, a completing entry every contributor's
 * of the image after them, and two completing entries deadlock; the soak found it.)
 * Completion and touches cannot race for the same reason: every path that adds an entry or a vote,
 * or changes an image's completion, writes the image's row in the same transaction
 * (submissionRecorder.ts, imageStateWriter.ts), and its lock orders them.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE contributor_open_images (
    image_id integer NOT NULL REFERENCES form_images(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    form_id integer NOT NULL,
    PRIMARY KEY (image_id, user_id)
  )`);
  await knex.raw('CREATE INDEX contributor_open_images_standing ON contributor_open_images (form_id, user_id)');
  await knex.raw(`INSERT INTO contributor_open_images (image_id, user_id, form_id)
    SELECT fi.id, t.user_id, fi.form_id FROM form_images fi
    JOIN (SELECT image_id, submitted_by_id AS user_id FROM form_submissions WHERE submitted_by_id IS NOT NULL
          UNION SELECT image_id, user_id FROM image_no_data_votes
          UNION SELECT image_id, user_id FROM image_unreadable_votes) t ON t.image_id = fi.id
    WHERE NOT fi.is_complete`);

  // A contributor touched an image: a row when the image is open. Untouched (their last entry or
  // vote on it gone): the row goes.
  await knex.raw(`CREATE FUNCTION contributor_touched_image(p_image integer, p_user integer) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO contributor_open_images (image_id, user_id, form_id)
      SELECT id, p_user, form_id FROM form_images WHERE id = p_image AND NOT is_complete AND p_user IS NOT NULL
      ON CONFLICT DO NOTHING
    $$`);
  await knex.raw(`CREATE FUNCTION contributor_untouched_image(p_image integer, p_user integer) RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM contributor_open_images o WHERE o.image_id = p_image AND o.user_id = p_user
        AND NOT EXISTS (SELECT 1 FROM form_submissions s WHERE s.image_id = p_image AND s.submitted_by_id = p_user)
        AND NOT EXISTS (SELECT 1 FROM image_no_data_votes v WHERE v.image_id = p_image AND v.user_id = p_user)
        AND NOT EXISTS (SELECT 1 FROM image_unreadable_votes v WHERE v.image_id = p_image AND v.user_id = p_user)
    $$`);
  // Entries name their contributor in submitted_by_id, votes in user_id: a function for each.
  for (const [name, column] of [
    ['contributor_open_images_entry', 'submitted_by_id'],
    ['contributor_open_images_vote', 'user_id'],
  ] as const) {
    await knex.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          PERFORM contributor_untouched_image(OLD.image_id, OLD.${column});
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          PERFORM contributor_touched_image(NEW.image_id, NEW.${column});
        END IF;
        RETURN NULL;
      END $$`);
  }
  await knex.raw(`CREATE TRIGGER contributor_open_images_touch
    AFTER INSERT OR DELETE OR UPDATE OF image_id, submitted_by_id ON form_submissions
    FOR EACH ROW EXECUTE FUNCTION contributor_open_images_entry()`);
  for (const votes of ['image_no_data_votes', 'image_unreadable_votes']) {
    await knex.raw(`CREATE TRIGGER contributor_open_images_touch
      AFTER INSERT OR DELETE OR UPDATE OF image_id, user_id ON ${votes}
      FOR EACH ROW EXECUTE FUNCTION contributor_open_images_vote()`);
  }

  // An image completed: nobody has it open any more. Reopened: everyone who touched it has.
  await knex.raw(`CREATE FUNCTION contributor_open_images_completion() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.is_complete THEN
        DELETE FROM contributor_open_images WHERE image_id = NEW.id;
      ELSE
        INSERT INTO contributor_open_images (image_id, user_id, form_id)
        SELECT NEW.id, t.user_id, NEW.form_id FROM (
          SELECT submitted_by_id AS user_id FROM form_submissions WHERE image_id = NEW.id AND submitted_by_id IS NOT NULL
          UNION SELECT user_id FROM image_no_data_votes WHERE image_id = NEW.id
          UNION SELECT user_id FROM image_unreadable_votes WHERE image_id = NEW.id) t
        ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER contributor_open_images_completion AFTER UPDATE OF is_complete ON form_images
    FOR EACH ROW WHEN (OLD.is_complete IS DISTINCT FROM NEW.is_complete)
    EXECUTE FUNCTION contributor_open_images_completion()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER contributor_open_images_completion ON form_images');
  for (const table of ['form_submissions', 'image_no_data_votes', 'image_unreadable_votes'])
    await knex.raw(`DROP TRIGGER contributor_open_images_touch ON ${table}`);
  await knex.raw('DROP TABLE contributor_open_images');
  await knex.raw(`DROP FUNCTION contributor_open_images_completion(), contributor_open_images_entry(),
    contributor_open_images_vote(),
    contributor_untouched_image(integer, integer), contributor_touched_image(integer, integer)`);
}

/**
 * The Insights tab's figures, kept as they change so no page view reads all of a form's entries:
 * - image_insights: what each image contributes (per contributor and field type: entries on
 *   verified fields and how many match; per field: compared, disagreeing, variant, format-only),
 *   written by the image state writer's announcements in the image's own transaction;
 * - contributor_agreement and field_difficulty: the form's sums of those, changed by delta. A
 *   deleted image takes its share away through a trigger, so every delete path keeps the sums;
 * - form_daily_activity and form_daily_contributors: submissions, completions and contributors
 *   per UTC day, for the throughput chart and forecast.
 * Existing forms get their daily figures here; their per-image figures come from the repair job
 * (services/insights/insightsRecountJob.ts), since comparing values needs `common/`'s rules.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('image_insights', (t) => {
    t.integer('image_id').primary().references('form_images.id').onDelete('CASCADE');
    t.integer('form_id').notNullable();
    // [{ userId, fieldType, entries, matches }], sorted by userId then fieldType.
    t.jsonb('agreement').notNullable().defaultTo('[]');
    // [{ fieldId, compared, disagreeing, variant, formatOnly }] as 0/1, sorted by fieldId.
    t.jsonb('fields').notNullable().defaultTo('[]');
  });
  await knex.schema.createTable('contributor_agreement', (t) => {
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('field_type').notNullable();
    t.integer('entry_count').notNullable().defaultTo(0);
    t.integer('match_count').notNullable().defaultTo(0);
    t.primary(['form_id', 'user_id', 'field_type']);
  });
  await knex.schema.createTable('field_difficulty', (t) => {
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.text('field_id').notNullable();
    t.integer('compared_images').notNullable().defaultTo(0);
    t.integer('disagreeing_images').notNullable().defaultTo(0);
    t.integer('variant_images').notNullable().defaultTo(0);
    t.integer('format_only_images').notNullable().defaultTo(0);
    t.primary(['form_id', 'field_id']);
  });
  await knex.schema.createTable('form_daily_activity', (t) => {
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.date('day').notNullable();
    t.integer('submissions').notNullable().defaultTo(0);
    t.integer('completed_images').notNullable().defaultTo(0);
    t.primary(['form_id', 'day']);
  });
  await knex.schema.createTable('form_daily_contributors', (t) => {
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.date('day').notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.primary(['form_id', 'day', 'user_id']);
  });
  // A contributor's disagreements are read from their own submissions, newest first.
  await knex.raw(
    'CREATE INDEX form_submissions_form_submitter_id ON form_submissions (form_id, submitted_by_id, id DESC)',
  );

  // A deleted image takes its share out of the form's sums. When the whole form goes, its sums go
  // with it (cascade), so there is nothing to take from.
  await knex.raw(`
    CREATE FUNCTION image_insights_withdraw() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM forms WHERE id = OLD.form_id) THEN RETURN NULL; END IF;
      UPDATE contributor_agreement c
      SET entry_count = c.entry_count - a."entries", match_count = c.match_count - a."matches"
      FROM jsonb_to_recordset(OLD.agreement) AS a("userId" int, "fieldType" text, "entries" int, "matches" int)
      WHERE c.form_id = OLD.form_id AND c.user_id = a."userId" AND c.field_type = a."fieldType";
      UPDATE field_difficulty d
      SET compared_images = d.compared_images - f."compared",
          disagreeing_images = d.disagreeing_images - f."disagreeing",
          variant_images = d.variant_images - f."variant",
          format_only_images = d.format_only_images - f."formatOnly"
      FROM jsonb_to_recordset(OLD.fields)
        AS f("fieldId" text, "compared" int, "disagreeing" int, "variant" int, "formatOnly" int)
      WHERE d.form_id = OLD.form_id AND d.field_id = f."fieldId";
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER image_insights_withdraw AFTER DELETE ON image_insights
    FOR EACH ROW EXECUTE FUNCTION image_insights_withdraw()`);

  await knex.raw(`
    INSERT INTO form_daily_activity (form_id, day, submissions)
    SELECT form_id, (submitted_at AT TIME ZONE 'UTC')::date, count(*)::int FROM form_submissions GROUP BY 1, 2`);
  await knex.raw(`
    INSERT INTO form_daily_activity AS a (form_id, day, completed_images)
    SELECT form_id, (completed_at AT TIME ZONE 'UTC')::date, count(*)::int FROM form_images
    WHERE is_complete AND completed_at IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (form_id, day) DO UPDATE SET completed_images = EXCLUDED.completed_images`);
  await knex.raw(`
    INSERT INTO form_daily_contributors (form_id, day, user_id)
    SELECT DISTINCT form_id, (submitted_at AT TIME ZONE 'UTC')::date, submitted_by_id FROM form_submissions
    WHERE submitted_by_id IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS image_insights_withdraw ON image_insights');
  await knex.raw('DROP FUNCTION IF EXISTS image_insights_withdraw()');
  await knex.raw('DROP INDEX IF EXISTS form_submissions_form_submitter_id');
  for (const table of [
    'form_daily_contributors',
    'form_daily_activity',
    'field_difficulty',
    'contributor_agreement',
    'image_insights',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}

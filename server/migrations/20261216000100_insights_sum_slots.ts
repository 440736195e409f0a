/**
 * The form-wide Insights sums that every submission moves (the day's activity, each field's
 * difficulty) are split into slots, so that concurrent submissions on different images do not
 * queue on one row until they commit: a change adds to the slot of its image (`image_id % 16`),
 * and readers add up the slots. Sums are what count, so any slot may hold any part of them: rows
 * from before keep slot 0, the repair recount writes slot 0, and a deleted image's withdrawal
 * adds its negative share to its own slot.
 */
import type { Knex } from 'knex';

/** Where a deleted image's withdrawal goes; the app's own slot choice may differ (sums are what count). */
const INSIGHTS_SUM_SLOTS = 16;

async function addSlot(knex: Knex, table: string, key: string): Promise<void> {
  await knex.raw(`ALTER TABLE ${table} ADD COLUMN slot smallint NOT NULL DEFAULT 0`);
  await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
  await knex.raw(`ALTER TABLE ${table} ADD PRIMARY KEY (form_id, ${key}, slot)`);
}

async function dropSlot(knex: Knex, table: string, key: string, sums: string[]): Promise<void> {
  const totals = sums.map((column) => `${column} = s.${column}`).join(', ');
  const sumOf = sums.map((column) => `sum(${column})::int AS ${column}`).join(', ');
  await knex.raw(`INSERT INTO ${table} (form_id, ${key}, slot) SELECT DISTINCT form_id, ${key}, 0 FROM ${table}
    ON CONFLICT DO NOTHING`);
  await knex.raw(`
    UPDATE ${table} t SET ${totals}
    FROM (SELECT form_id, ${key}, ${sumOf} FROM ${table} GROUP BY 1, 2) s
    WHERE t.form_id = s.form_id AND t.${key} = s.${key} AND t.slot = 0`);
  await knex.raw(`DELETE FROM ${table} WHERE slot <> 0`);
  await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
  await knex.raw(`ALTER TABLE ${table} DROP COLUMN slot`);
  await knex.raw(`ALTER TABLE ${table} ADD PRIMARY KEY (form_id, ${key})`);
}

/** The withdrawal of a deleted image's share; `slotted` says whether field_difficulty has slots. */
function withdrawFunction(slotted: boolean): string {
  const difficulty = slotted
    ? `INSERT INTO field_difficulty AS d
         (form_id, field_id, slot, compared_images, disagreeing_images, variant_images, format_only_images)
       SELECT OLD.form_id, f."fieldId", OLD.image_id % ${INSIGHTS_SUM_SLOTS}, -f."compared", -f."disagreeing",
              -f."variant", -f."formatOnly"
       FROM jsonb_to_recordset(OLD.fields)
         AS f("fieldId" text, "compared" int, "disagreeing" int, "variant" int, "formatOnly" int)
       ORDER BY 2
       ON CONFLICT (form_id, field_id, slot) DO UPDATE SET
         compared_images = d.compared_images + EXCLUDED.compared_images,
         disagreeing_images = d.disagreeing_images + EXCLUDED.disagreeing_images,
         variant_images = d.variant_images + EXCLUDED.variant_images,
         format_only_images = d.format_only_images + EXCLUDED.format_only_images;`
    : `UPDATE field_difficulty d
       SET compared_images = d.compared_images - f."compared",
           disagreeing_images = d.disagreeing_images - f."disagreeing",
           variant_images = d.variant_images - f."variant",
           format_only_images = d.format_only_images - f."formatOnly"
       FROM jsonb_to_recordset(OLD.fields)
         AS f("fieldId" text, "compared" int, "disagreeing" int, "variant" int, "formatOnly" int)
       WHERE d.form_id = OLD.form_id AND d.field_id = f."fieldId";`;
  return `
    CREATE OR REPLACE FUNCTION image_insights_withdraw() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM forms WHERE id = OLD.form_id) THEN RETURN NULL; END IF;
      UPDATE contributor_agreement c
      SET entry_count = c.entry_count - a."entries", match_count = c.match_count - a."matches"
      FROM jsonb_to_recordset(OLD.agreement) AS a("userId" int, "fieldType" text, "entries" int, "matches" int)
      WHERE c.form_id = OLD.form_id AND c.user_id = a."userId" AND c.field_type = a."fieldType";
      ${difficulty}
      RETURN NULL;
    END $$`;
}

export async function up(knex: Knex): Promise<void> {
  await addSlot(knex, 'form_daily_activity', 'day');
  await addSlot(knex, 'field_difficulty', 'field_id');
  await knex.raw(withdrawFunction(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(withdrawFunction(false));
  await dropSlot(knex, 'field_difficulty', 'field_id', [
    'compared_images',
    'disagreeing_images',
    'variant_images',
    'format_only_images',
  ]);
  await dropSlot(knex, 'form_daily_activity', 'day', ['submissions', 'completed_images']);
}

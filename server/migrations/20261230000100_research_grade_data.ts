/**
 * Research-grade data (issue 27): a form's instructions for contributors, the "as written on the
 * page" marks of an entry, and the audit trail.
 *
 * The trail is append-only in the database itself, not only in the app: a trigger refuses every
 * UPDATE, and every DELETE except the one the form's own deletion cascades to (deleting a form
 * deletes its trail, and the app says so). The actor is kept by id and by the name they had, with
 * no foreign key, so an account that goes away leaves its history readable. Images are named by id
 * for the same reason: a deleted image's history outlives it.
 */
import { AUDIT_KINDS } from '@formscribe/common/schemas/audit';
import type { Knex } from 'knex';

const KIND_LIST_SQL = AUDIT_KINDS.map((kind) => `'${kind}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => {
    t.text('instructions').nullable();
  });
  await knex.schema.alterTable('form_submissions', (t) => {
    t.specificType('as_written', 'text[]').notNullable().defaultTo('{}');
  });
  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id').primary();
    t.integer('form_id').notNullable().references('id').inTable('forms').onDelete('CASCADE');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('actor_id').nullable();
    t.text('actor_name').nullable();
    t.text('kind').notNullable();
    t.integer('image_id').nullable();
    t.text('field_id').nullable();
    t.jsonb('before').nullable();
    t.jsonb('after').nullable();
    t.index(['form_id', 'id']);
    t.index(['form_id', 'image_id', 'id']);
    t.index(['form_id', 'kind', 'id']);
  });
  await knex.raw(`ALTER TABLE audit_events ADD CONSTRAINT audit_events_kind_check CHECK (kind IN (${KIND_LIST_SQL}))`);
  await knex.raw(`
    CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM forms WHERE id = OLD.form_id) THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit events are append-only' USING ERRCODE = 'insufficient_privilege';
    END $$;
  `);
  await knex.raw(`
    CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_events');
  await knex.raw('DROP FUNCTION IF EXISTS audit_events_append_only()');
  await knex.schema.alterTable('form_submissions', (t) => t.dropColumn('as_written'));
  await knex.schema.alterTable('forms', (t) => t.dropColumn('instructions'));
}

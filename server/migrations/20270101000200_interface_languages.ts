/**
 * The interface's languages (issue 29): the language a user chose (users.locale: their pages on
 * every device, and their mail) and the one an owner set for a form's entry page
 * (forms.language). Both are null until chosen, which is what the previous release's nodes, not
 * knowing the columns, leave them as during a rolling restart. The CHECKs name the languages
 * common/src/i18n/locales.ts has; a new language is a new migration widening them.
 */
import { LOCALES } from '@formscribe/common/i18n/locales';
import type { Knex } from 'knex';

const LOCALE_LIST_SQL = LOCALES.map((locale) => `'${locale}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE users ADD COLUMN locale text,
    ADD CONSTRAINT users_locale_check CHECK (locale IN (${LOCALE_LIST_SQL}))`);
  await knex.raw(`ALTER TABLE forms ADD COLUMN language text,
    ADD CONSTRAINT forms_language_check CHECK (language IN (${LOCALE_LIST_SQL}))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE forms DROP COLUMN language');
  await knex.raw('ALTER TABLE users DROP COLUMN locale');
}

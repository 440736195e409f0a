/**
 * The users table's limit defaults follow the free plan in common/plans.ts (the image size was
 * 3 MB here while the plan says 2.5 MB). Existing accounts keep the limits they have.
 */
import { FREE_PLAN } from '@formscribe/common/plans';
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('active_form_limit').notNullable().defaultTo(FREE_PLAN.activeForms).alter();
    t.integer('image_count_limit_per_form').notNullable().defaultTo(FREE_PLAN.imagesPerForm).alter();
    t.double('image_size_limit_mb').notNullable().defaultTo(FREE_PLAN.imageSizeMb).alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('active_form_limit').notNullable().defaultTo(1).alter();
    t.integer('image_count_limit_per_form').notNullable().defaultTo(50).alter();
    t.double('image_size_limit_mb').notNullable().defaultTo(3).alter();
  });
}

/**
 * The migration list, imported statically so migrations run the same under tsx, vitest and a
 * bundler (knex's directory loader cannot import TypeScript files by itself). Append new ones.
 */
import type { Knex } from 'knex';
import * as initialSchema from './20261122000000_initial_schema.ts';
import * as blockDropEntries from './20261122010000_block_drop_entries.ts';
import * as statsIndexes from './20261122020000_stats_indexes.ts';
import * as fieldResolutions from './20261122030000_field_resolutions.ts';
import * as webhooks from './20261201000000_webhooks.ts';
import * as knownLoginSources from './20261202000100_known_login_sources.ts';
import * as verifiedValuesAsEntered from './20261202000200_verified_values_as_entered.ts';
import * as forgetMailedLinks from './20261202000300_forget_mailed_links.ts';
import * as freePlanDefaults from './20261203000000_free_plan_defaults.ts';
import * as imageLeases from './20261204000100_image_leases.ts';
import * as formFigures from './20261204000200_form_figures.ts';
import * as imageNumbers from './20261205000100_image_numbers.ts';
import * as billing from './20261206000100_billing.ts';
import * as stripeEvents from './20261206000500_stripe_events.ts';
import * as adminSearchAndDeletedUsers from './20261207000100_admin_search_and_deleted_users.ts';
import * as campaignSending from './20261208000100_campaign_sending.ts';
import * as imageOfferOrder from './20261209000100_image_offer_order.ts';
import * as apiTokens from './20261210000100_api_tokens.ts';
import * as insights from './20261211000100_insights.ts';
import * as fieldRegions from './20261212000100_field_regions.ts';
import * as insightsBackfill from './20261214000100_insights_backfill.ts';
import * as machineReadings from './20261215000100_machine_readings.ts';
import * as insightsSumSlots from './20261216000100_insights_sum_slots.ts';
import * as machineReadingTurns from './20261217000100_machine_reading_turns.ts';
import * as planLimitOverrides from './20261224000100_plan_limit_overrides.ts';
import * as imageCatalogue from './20261226000100_image_catalogue.ts';
import * as formImports from './20261227000100_form_imports.ts';
import * as catalogueSearchAndContributorColumns from './20261228000100_catalogue_search_and_contributor_columns.ts';
import * as usersPlan from './20261229000100_users_plan.ts';
import * as researchGradeData from './20261230000100_research_grade_data.ts';
import * as iiifImageDimensions from './20261230000500_iiif_image_dimensions.ts';
import * as heatmapStateInNumberIndex from './20261231000700_heatmap_state_in_number_index.ts';
import * as interfaceLanguages from './20270101000200_interface_languages.ts';
import * as ocrLanguageAndOrientation from './20270101000300_ocr_language_and_orientation.ts';
import * as leanEntryWrites from './20270102000100_lean_entry_writes.ts';
import * as contributorOpenImages from './20270103000100_contributor_open_images.ts';

const migrations: Record<string, Knex.Migration> = {
  '20261122000000_initial_schema': initialSchema,
  '20261122010000_block_drop_entries': blockDropEntries,
  '20261122020000_stats_indexes': statsIndexes,
  '20261122030000_field_resolutions': fieldResolutions,
  '20261201000000_webhooks': webhooks,
  '20261202000100_known_login_sources': knownLoginSources,
  '20261202000200_verified_values_as_entered': verifiedValuesAsEntered,
  '20261202000300_forget_mailed_links': forgetMailedLinks,
  '20261203000000_free_plan_defaults': freePlanDefaults,
  '20261204000100_image_leases': imageLeases,
  '20261204000200_form_figures': formFigures,
  '20261205000100_image_numbers': imageNumbers,
  '20261206000100_billing': billing,
  '20261206000500_stripe_events': stripeEvents,
  '20261207000100_admin_search_and_deleted_users': adminSearchAndDeletedUsers,
  '20261208000100_campaign_sending': campaignSending,
  '20261209000100_image_offer_order': imageOfferOrder,
  '20261210000100_api_tokens': apiTokens,
  '20261211000100_insights': insights,
  '20261212000100_field_regions': fieldRegions,
  '20261214000100_insights_backfill': insightsBackfill,
  '20261215000100_machine_readings': machineReadings,
  '20261216000100_insights_sum_slots': insightsSumSlots,
  '20261217000100_machine_reading_turns': machineReadingTurns,
  '20261224000100_plan_limit_overrides': planLimitOverrides,
  '20261226000100_image_catalogue': imageCatalogue,
  '20261227000100_form_imports': formImports,
  '20261228000100_catalogue_search_and_contributor_columns': catalogueSearchAndContributorColumns,
  '20261229000100_users_plan': usersPlan,
  '20261230000100_research_grade_data': researchGradeData,
  '20261230000500_iiif_image_dimensions': iiifImageDimensions,
  '20261231000700_heatmap_state_in_number_index': heatmapStateInNumberIndex,
  '20270101000200_interface_languages': interfaceLanguages,
  '20270101000300_ocr_language_and_orientation': ocrLanguageAndOrientation,
  '20270102000100_lean_entry_writes': leanEntryWrites,
  '20270103000100_contributor_open_images': contributorOpenImages,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

/**
 * The statement that stores an image's new state, written out directly rather than through
 * objection's update builder: on every submission, building it (the query builder's operations,
 * `$toDatabaseJson`, knex's compiler with its identifier mappers) and hashing the text for its name
 * took more of the app's CPU than anything else the image state writer did (B2's profile,
 * `server/bench/profileB2.ts`). The text is the same for the same shape (which columns the cause
 * sets, which `WITH` parts it carries), so its plannedOnce name is worked out once per shape.
 *
 * `WITH` parts run in the order written: the form's counters first, then the Insights parts in
 * the order given, the same for every change, so concurrent changes lock rows in one order.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import type { FormImage } from '../../models/index.ts';
import type { WritePart } from '../insights/imageInsightsStatements.ts';

/** Columns stored as JSON (FormImage.jsonAttributes): their values go as JSON text. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(['fieldStatus', 'metadata', 'sourceMetadata']);

/** The same snake_case the models' knex mappers write (db/knex.ts), worked out once per attribute. */
const { wrapIdentifier } = knexSnakeCaseMappers();
const columnNames = new Map<string, string>();
function columnOf(attribute: string): string {
  let column = columnNames.get(attribute);
  if (column === undefined) {
    column = `"${wrapIdentifier(attribute, (name) => name)}"`;
    columnNames.set(attribute, column);
  }
  return column;
}

/** A part's `:name` bindings as `?` with the names in order, worked out once per part's text (parts' texts are constants). */
const positionalParts = new Map<string, { sql: string; names: string[] }>();
function positional(part: WritePart): { sql: string; names: string[] } {
  let converted = positionalParts.get(part.sql);
  if (converted === undefined) {
    // Parts write casts as CAST(x AS t) (imageInsightsStatements.ts), so every ':' starts a binding.
    if (part.sql.includes('::') || part.sql.includes('?')) throw new Error(`a write part may not use '::' or '?'`);
    const names: string[] = [];
    const sql = part.sql.replace(/:(\w+)/g, (_match, name: string) => {
      names.push(name);
      return '?';
    });
    converted = { sql, names };
    positionalParts.set(part.sql, converted);
  }
  return converted;
}

/** What a change of the image's state may set (services/imageState/imageStateWriter.ts). */
export type ImagePatch = Partial<
  Pick<
    FormImage,
    | 'entryCount'
    | 'verifiedFieldCount'
    | 'totalFieldCount'
    | 'fieldStatus'
    | 'lastSubmissionAt'
    | 'noDataVoteCount'
    | 'unreadableVoteCount'
    | 'manuallyCompleted'
    | 'completedById'
    | 'rotation'
    | 'isComplete'
    | 'completedAt'
    | 'exportedAt'
    | 'exportedById'
  >
>;

/** One plannedOnce name per text: a few dozen shapes in all. */
const statementNames = new Map<string, string>();
function nameOf(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `image_state_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * `UPDATE form_images SET … WHERE id = ?` with `withParts` (named `form_counters` and
 * `insights_<n>` by the caller's order) in its `WITH` clause, returning the row as one JSON column.
 * `endedLeases` takes that many leases off the image's lease count: those its cause ended without
 * the lease trigger's own update (an entry, submissionRecorder.ts), one row version fewer.
 */
export function imageUpdateStatement(
  imageId: number,
  patch: ImagePatch,
  withParts: ReadonlyArray<{ alias: string; part: WritePart }>,
  endedLeases = 0,
): { text: string; bindings: Knex.Value[]; name: string } {
  const bindings: Knex.Value[] = [];
  const clauses: string[] = [];
  for (const { alias, part } of withParts) {
    const { sql, names } = positional(part);
    for (const name of names) {
      const value = part.bindings[name];
      if (value === undefined) throw new Error(`write part "${alias}" has no binding "${name}"`);
      bindings.push(value);
    }
    clauses.push(`"${alias}" as (${sql})`);
  }
  const sets: string[] = [];
  for (const [attribute, value] of Object.entries(patch)) {
    if (value === undefined) continue; // as objection's patch leaves it out
    sets.push(`${columnOf(attribute)} = ?`);
    bindings.push(JSON_COLUMNS.has(attribute) && value !== null ? JSON.stringify(value) : value);
  }
  if (endedLeases > 0) {
    sets.push('"lease_count" = "lease_count" - ?');
    bindings.push(endedLeases);
  }
  bindings.push(imageId);
  const text =
    `${clauses.length ? `with ${clauses.join(', ')} ` : ''}update "form_images" set ${sets.join(', ')} ` +
    `where "id" = ? RETURNING to_jsonb(form_images) AS image_row`;
  return { text, bindings, name: nameOf(text) };
}

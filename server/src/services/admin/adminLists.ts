/**
 * The super administrator's lists of users and forms: searched and paged in PostgreSQL, so they
 * stay fast with 100,000 accounts. A search is `ILIKE '%…%'` on e-mail and name (form name, or
 * its owner's e-mail and name), answered by the trigram indexes of migration 20261207000100.
 * The total is counted only up to ADMIN_COUNT_CAP matches: a keystroke never counts everything.
 */
import { ADMIN_COUNT_CAP } from '@formscribe/common/schemas/admin';
import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { Form, User } from '../../models/index.ts';

export interface AdminListInput {
  search: string;
  page: number;
  limit: number;
}

export interface PageFigures {
  page: number;
  limit: number;
  total: number;
  totalIsCapped: boolean;
  totalPages: number;
}

/** The search as a LIKE pattern matching it anywhere: its own %, _ and \ are matched literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many rows match, counting no further than the cap (an index scan of at most cap + 1 rows). */
async function cappedCount<M extends Model>(knex: Knex, matching: QueryBuilder<M>): Promise<number> {
  const sample = matching
    .clone()
    .clearSelect()
    .clearOrder()
    .select(knex.raw('1'))
    .limit(ADMIN_COUNT_CAP + 1);
  const row = await knex.count<{ n: string }[]>('* as n').from(sample.toKnexQuery().as('matching')).first();
  return Number(row?.n ?? 0);
}

function pageFigures(input: AdminListInput, counted: number): PageFigures {
  const totalIsCapped = counted > ADMIN_COUNT_CAP;
  const total = Math.min(counted, ADMIN_COUNT_CAP);
  return {
    page: input.page,
    limit: input.limit,
    total,
    totalIsCapped,
    totalPages: Math.max(1, Math.ceil(total / input.limit)),
  };
}

function matchingUsers(search: string): QueryBuilder<User> {
  const query = User.query();
  if (search) {
    const pattern = containsPattern(search);
    query.where((where) => where.where('username', 'ilike', pattern).orWhere('name', 'ilike', pattern));
  }
  return query;
}

export interface AdminUserRow {
  user: User;
  formCount: number;
}

/** One account as the list shows it, after an edit. */
export async function adminUserRow(user: User): Promise<AdminUserRow> {
  return { user, formCount: await Form.query().where({ createdById: user.id }).resultSize() };
}

/** One page of accounts, newest first, each with how many forms it owns. */
export async function listUsersForAdmin(knex: Knex, input: AdminListInput) {
  const matching = matchingUsers(input.search);
  const [counted, users] = await Promise.all([
    cappedCount(knex, matching),
    matching
      .clone()
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
  ]);
  const ids = users.map((user) => user.id);
  const counts = ids.length
    ? await knex('forms')
        .whereIn('created_by_id', ids)
        .groupBy('created_by_id')
        .select<{ ownerId: number; n: number }[]>('created_by_id as ownerId', knex.raw('count(*)::int as n'))
    : [];
  const formCounts = new Map(counts.map((row) => [row.ownerId, row.n]));
  const rows: AdminUserRow[] = users.map((user) => ({ user, formCount: formCounts.get(user.id) ?? 0 }));
  return { rows, ...pageFigures(input, counted) };
}

function matchingForms(search: string): QueryBuilder<Form> {
  const query = Form.query();
  if (search) {
    const pattern = containsPattern(search);
    // Two index lookups OR-ed (form names; owners by e-mail or name), not a join to filter.
    query.where((where) =>
      where.where('name', 'ilike', pattern).orWhereIn('createdById', matchingUsers(search).select('id')),
    );
  }
  return query;
}

export interface AdminFormRow {
  form: Form;
  owner: User | undefined;
}

/** One page of every form, newest first, each with its owner and its figures (one row). */
export async function listFormsForAdmin(knex: Knex, input: AdminListInput) {
  const matching = matchingForms(input.search);
  const [counted, forms] = await Promise.all([
    cappedCount(knex, matching),
    matching
      .clone()
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
  ]);
  const ownerIds = [...new Set(forms.map((form) => form.createdById))];
  const owners = new Map((ownerIds.length ? await User.query().findByIds(ownerIds) : []).map((u) => [u.id, u]));
  const rows: AdminFormRow[] = forms.map((form) => ({ form, owner: owners.get(form.createdById) }));
  return { rows, ...pageFigures(input, counted) };
}

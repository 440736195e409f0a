/**
 * The people of a form: its creator, everyone with access, everyone who entered data; with
 * their entry counts, last activity and block state. One query each, no per-user round trips.
 */
import type { FormUser } from '@formscribe/common/schemas/formStats';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';

interface PersonRow {
  id: number;
  name: string | null;
  username: string;
  submissions: number;
  lastActivity: Date | null;
  isBlocked: boolean;
  blockReason: string | null;
  entriesDropped: boolean;
}

const PEOPLE_SQL = `
  WITH people AS (
    SELECT created_by_id AS user_id, created_at AS seen_at FROM forms WHERE id = :formId
    UNION ALL SELECT user_id, granted_at FROM form_access WHERE form_id = :formId
    UNION ALL SELECT submitted_by_id, submitted_at FROM form_submissions
      WHERE form_id = :formId AND submitted_by_id IS NOT NULL
  ),
  entry_counts AS (
    SELECT submitted_by_id AS user_id, count(*)::int AS submissions
    FROM form_submissions WHERE form_id = :formId AND submitted_by_id IS NOT NULL GROUP BY 1
  )
  SELECT u.id, u.name, u.username,
         coalesce(c.submissions, 0) AS submissions,
         max(p.seen_at) AS "lastActivity",
         (b.id IS NOT NULL) AS "isBlocked",
         b.reason AS "blockReason",
         coalesce(b.drop_entries, false) AS "entriesDropped"
  FROM people p
  JOIN users u ON u.id = p.user_id
  LEFT JOIN entry_counts c ON c.user_id = u.id
  LEFT JOIN form_user_blocks b ON b.form_id = :formId AND b.user_id = u.id
  GROUP BY u.id, c.submissions, b.id
  ORDER BY max(p.seen_at) DESC, u.id`;

export async function formPeople(knex: Knex, form: Form): Promise<FormUser[]> {
  const { rows } = await knex.raw(PEOPLE_SQL, { formId: form.id });
  return (rows as PersonRow[]).map((row) => ({
    user: { id: row.id, name: row.name, username: row.username },
    submissions: row.submissions,
    lastActivity: row.lastActivity ? new Date(row.lastActivity).toISOString() : null,
    isBlocked: row.isBlocked,
    blockReason: row.blockReason,
    entriesDropped: row.entriesDropped,
    isCreator: row.id === form.createdById,
  }));
}

/** Contributors: everyone but the creator. */
export async function contributorCount(knex: Knex, form: Form): Promise<number> {
  const { rows } = await knex.raw(
    `SELECT count(DISTINCT user_id)::int AS n FROM (
       SELECT user_id FROM form_access WHERE form_id = :formId
       UNION SELECT submitted_by_id FROM form_submissions WHERE form_id = :formId AND submitted_by_id IS NOT NULL
     ) people WHERE user_id <> :creatorId`,
    { formId: form.id, creatorId: form.createdById },
  );
  return (rows as { n: number }[])[0]?.n ?? 0;
}

export async function leaderboard(knex: Knex, form: Form, limit: number) {
  const { rows } = await knex.raw(
    `SELECT u.id, u.name, u.username, count(*)::int AS submissions
     FROM form_submissions s JOIN users u ON u.id = s.submitted_by_id
     WHERE s.form_id = :formId
     GROUP BY u.id ORDER BY submissions DESC, min(s.submitted_at) ASC LIMIT :limit`,
    { formId: form.id, limit },
  );
  return (rows as { id: number; name: string | null; username: string; submissions: number }[]).map((row) => ({
    user: { id: row.id, name: row.name, username: row.username },
    submissionCount: row.submissions,
  }));
}

/**
 * The public API's lists, paged by id (keyset): a page is "the next `limit` rows after this id",
 * read from a (form_id, id) index. Unlike page numbers, rows inserted while a client walks the
 * list never shift a page, so nothing repeats or goes missing, and page 2,000 costs what page 1
 * costs. The cursor is the last id of the page before, as text (clients treat it as opaque).
 */

import type { ConsolidatedFilter } from '@formscribe/common/schemas/consolidated';
import type { CursorQuery } from '@formscribe/common/schemas/v1';
import type { Knex } from 'knex';
import { type Form, FormImage, FormSubmission, User } from '../../models/index.ts';
import { consolidatedSelection, IMAGE_STATE_COLUMNS, type ImageStateRow } from '../exports/imageSelection.ts';

export interface KeysetPage<Row> {
  rows: Row[];
  nextCursor: string | null;
}

/** Rows after the cursor; one extra row is read to know whether another page follows. */
function pageOf<Row extends { id: number }>(rows: Row[], limit: number): KeysetPage<Row> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

const afterId = (query: CursorQuery) => (query.cursor ? Number(query.cursor) : 0);

export async function imagesAfter(form: Form, query: CursorQuery): Promise<KeysetPage<FormImage>> {
  const rows = await FormImage.query()
    .where({ formId: form.id })
    .where('id', '>', afterId(query))
    .orderBy('id')
    .limit(query.limit + 1);
  return pageOf(rows, query.limit);
}

export interface SubmissionRow {
  id: number;
  submission: FormSubmission;
  user?: User;
  image?: FormImage;
}

export async function submissionsAfter(form: Form, query: CursorQuery): Promise<KeysetPage<SubmissionRow>> {
  const submissions = await FormSubmission.query()
    .where({ formId: form.id })
    .where('id', '>', afterId(query))
    .orderBy('id')
    .limit(query.limit + 1);
  const page = pageOf(submissions, query.limit);
  const userIds = [...new Set(page.rows.flatMap((s) => (s.submittedById === null ? [] : [s.submittedById])))];
  const imageIds = [...new Set(page.rows.map((s) => s.imageId))];
  const [users, images] = await Promise.all([
    userIds.length ? User.query().findByIds(userIds) : [],
    imageIds.length ? FormImage.query().findByIds(imageIds) : [],
  ]);
  const usersById = new Map(users.map((user) => [user.id, user]));
  const imagesById = new Map(images.map((image) => [image.id, image]));
  return {
    nextCursor: page.nextCursor,
    rows: page.rows.map((submission) => ({
      id: submission.id,
      submission,
      user: submission.submittedById === null ? undefined : usersById.get(submission.submittedById),
      image: imagesById.get(submission.imageId),
    })),
  };
}

/** Stored per-image state (never the entries), in image order: what consolidated reads aggregate. */
export async function imageStatesAfter(
  knex: Knex,
  form: Form,
  query: CursorQuery & { filter?: ConsolidatedFilter },
): Promise<KeysetPage<ImageStateRow>> {
  const selection = consolidatedSelection(form.id, query.filter);
  const { rows } = await knex.raw(
    `SELECT ${IMAGE_STATE_COLUMNS} FROM form_images WHERE ${selection.where} AND id > ? ORDER BY id LIMIT ?`,
    [...selection.bindings, afterId(query), query.limit + 1],
  );
  return pageOf(rows as ImageStateRow[], query.limit);
}

/**
 * B9's bookkeeping after the crowd stops: what the contributors were told (201s with submission
 * ids) against what the database holds, and what agreement needed against what images got.
 */
import type pg from 'pg';

export interface Ledger {
  /** Acknowledged with a 201, yet no such submission is stored for the form. */
  acknowledgedButMissing: number;
  /** One id acknowledged twice, or one person's second entry stored for the same image. */
  duplicated: number;
  /** Stored, but no contributor was ever told it succeeded. */
  storedButNeverAcknowledged: number;
  storedSubmissions: number;
  mostEntriesOnOneImage: number;
  /** Images that got more entries than agreement needed (two people on one image at once). */
  imagesOverEntered: number;
}

export async function checkLedger(
  db: pg.ClientBase,
  formId: number,
  acknowledged: readonly number[],
  entriesNeeded: number,
): Promise<Ledger> {
  const { rows } = await db.query<{ id: number; image_id: number; submitted_by_id: number }>(
    'SELECT id, image_id, submitted_by_id FROM form_submissions WHERE form_id = $1',
    [formId],
  );
  const stored = new Set(rows.map((row) => row.id));
  const acked = new Set(acknowledged);
  const perPersonAndImage = new Map<string, number>();
  const perImage = new Map<number, number>();
  for (const row of rows) {
    const key = `${row.image_id}:${row.submitted_by_id}`;
    perPersonAndImage.set(key, (perPersonAndImage.get(key) ?? 0) + 1);
    perImage.set(row.image_id, (perImage.get(row.image_id) ?? 0) + 1);
  }
  const extraEntries = [...perPersonAndImage.values()].reduce((sum, n) => sum + n - 1, 0);
  const entryCounts = [...perImage.values()];
  return {
    acknowledgedButMissing: [...acked].filter((id) => !stored.has(id)).length,
    duplicated: acknowledged.length - acked.size + extraEntries,
    storedButNeverAcknowledged: rows.filter((row) => !acked.has(row.id)).length,
    storedSubmissions: rows.length,
    mostEntriesOnOneImage: entryCounts.reduce((most, n) => Math.max(most, n), 0),
    imagesOverEntered: entryCounts.filter((n) => n > entriesNeeded).length,
  };
}

/** Key order must not decide whether two sets of figures are the same. */
export function sameFigures(a: object | null, b: object): boolean {
  if (!a) return false;
  const canonical = (value: object) => JSON.stringify(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)));
  return canonical(a) === canonical(b);
}

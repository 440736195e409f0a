/**
 * The order a person expects the files of a ZIP in: `page_9` before `page_10`, and folder by
 * folder (`box1/…`, then `box2/…`, then `box10/…`), whatever case the names use. The archiver's
 * order is whatever the zipping tool walked, so the import sorts the entries by this instead.
 */

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Folders are compared one level at a time, so `a/z.jpg` comes before `a b/a.jpg` and `a1/…` before `a10/…`. */
export function compareNaturalPaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = collator.compare(left[i] ?? '', right[i] ?? '');
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/** A sorted copy; `Array.prototype.sort` is stable, so paths equal but for case keep their order. */
export const sortNaturally = <T>(items: readonly T[], pathOf: (item: T) => string): T[] =>
  [...items].sort((a, b) => compareNaturalPaths(pathOf(a), pathOf(b)));

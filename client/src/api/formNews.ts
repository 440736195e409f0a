/**
 * How much live news about each form has reached this tab: every event about the form, every
 * resync of its watch, and every reconnection (which may have missed anything). A read answered
 * for several queries at once (formDashboard.ts) notes the count when it starts: if news came
 * meanwhile, its answer may be older than the news, so it is given to no query that did not
 * already wait for it (those the news touched are refetched anyway).
 */
const perForm = new Map<number, number>();
let everyForm = 0;

export function formNewsCount(formId: number): number {
  return everyForm + (perForm.get(formId) ?? 0);
}

export function noteFormNews(formId: number): void {
  perForm.set(formId, (perForm.get(formId) ?? 0) + 1);
}

/** The connection was down: any form may have changed unseen. */
export function noteNewsOfEveryForm(): void {
  everyForm += 1;
}

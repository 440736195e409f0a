/**
 * A count and its noun, agreeing in number: '1 contributor', '2 contributors', '0 images',
 * '1,200 submissions'. The one place the app's English words meet a number, so no screen or mail
 * says '1 contributors'. The plural is the noun with an 's' unless one is given ('1 entry',
 * '3 entries'); thousands are grouped as en-US writes them.
 */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

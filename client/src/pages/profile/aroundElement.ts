/**
 * A sentence with one element inside it (a `<code>`, a link, a `<strong>`), kept as ONE message so
 * each language orders its words itself: the message is formatted with a marker where the element
 * goes, and the text before and after the marker is returned for the component to render around
 * the element. Our `t` returns strings only, so ICU rich-text tags are not available.
 */
import type { MessageValues } from '@formscribe/common/i18n/translator';

/** A character no catalogue message contains, so splitting on it finds the slot only. */
const SLOT = '\u{E000}';

export function aroundElement(
  format: (values: MessageValues) => string,
  slotName: string,
  values: MessageValues = {},
): { before: string; after: string } {
  const [before = '', after = ''] = format({ ...values, [slotName]: SLOT }).split(SLOT);
  return { before, after };
}

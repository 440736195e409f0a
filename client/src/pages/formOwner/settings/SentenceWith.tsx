/**
 * A translated sentence with one element inside it (the form's name in bold, a header name in
 * code): `t` returns text, so the sentence is formatted with a marker where the element goes and
 * the element is put back in there. One message per sentence keeps each language's word order.
 */
import type { ReactNode } from 'react';

/** Stands in for the element while the message is formatted; no translation contains it. */
const MARKER = '\u{E000}';

/** `format(MARKER)` → the text before the marker, `element`, the text after it. */
export function SentenceWith({ format, element }: { format: (marker: string) => string; element: ReactNode }) {
  const [before = '', after = ''] = format(MARKER).split(MARKER);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

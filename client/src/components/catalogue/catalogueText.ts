/**
 * An image's catalogue data as one short line ("box: 12 · folder: 3"): the owner's image cards
 * show the first few columns, the entry page the columns chosen for contributors. The full list,
 * one column a line, goes in a tooltip (`title`). Column names and values are the catalogue's own;
 * only the joining words are the reader's language.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import { currentTranslator } from '../../i18n/localeStore.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';

type Words = Translator<MessageKey>;

/** Longer values are cut in the line (the tooltip keeps them whole). */
const VALUE_SHOWN_CHARS = 40;

const pair = (column: string, value: string, words: Words) => words.t('common.catalogue.pair', { column, value });
const shortened = (value: string) =>
  value.length > VALUE_SHOWN_CHARS ? `${value.slice(0, VALUE_SHOWN_CHARS - 1).trimEnd()}…` : value;

/** The first `shown` columns joined by " · ", then "+N more" when there are others. */
export function catalogueLine(
  metadata: Record<string, string>,
  shown = Number.POSITIVE_INFINITY,
  words: Words = currentTranslator(),
): string {
  const entries = Object.entries(metadata);
  const line = entries
    .slice(0, shown)
    .map(([column, value]) => pair(column, shortened(value), words))
    .join(' · ');
  const more = entries.length - Math.min(entries.length, shown);
  return more > 0 ? `${line} · ${words.t('common.catalogue.more', { count: more })}` : line;
}

/** Every column, one a line, values whole. */
export function catalogueTooltip(metadata: Record<string, string>, words: Words = currentTranslator()): string {
  return Object.entries(metadata)
    .map(([column, value]) => pair(column, value, words))
    .join('\n');
}

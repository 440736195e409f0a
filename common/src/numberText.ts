/**
 * Reading a number as a person wrote it: the one parser behind both submission checks and
 * comparison, so a value that is refused can never be one that agreed, and the reverse.
 *
 * A number field's decimal separator says which mark ends the whole part: 'point' (1,234.5, the
 * default) or 'comma' (1.234,5, as much of Europe writes). The other mark may only group
 * thousands, and only in well-formed groups of three: with point decimals '1,500' is 1500, but
 * '1,5' (a decimal comma), '12,34,567' or ',5' are refused rather than guessed at, because
 * dropping the comma would read 1.5 as 15. Leading zeros are padding, as boxed paper forms print
 * them, so '0012,000.50' is 12000.5. An exponent ('1.5e3') is accepted as number inputs allow it.
 */

export const DECIMAL_SEPARATORS = ['point', 'comma'] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];
export const DEFAULT_DECIMAL_SEPARATOR: DecimalSeparator = 'point';

/** Why a text is not a number: a misplaced separator deserves its own hint. */
export type NumberProblem = 'separator' | 'notANumber';
export type NumberReading = { ok: true; value: number } | { ok: false; problem: NumberProblem };

const MARKS: Record<DecimalSeparator, { decimal: string; group: string }> = {
  point: { decimal: '.', group: ',' },
  comma: { decimal: ',', group: '.' },
};

const literal = (mark: string) => `\\${mark}`;

/** sign, whole part (plain digits, or padded well-formed groups), fraction, exponent. */
function numberPattern(separator: DecimalSeparator): RegExp {
  const { decimal, group } = MARKS[separator];
  const whole = `\\d+|0*\\d{1,3}(?:${literal(group)}\\d{3})+`;
  return new RegExp(`^([+-]?)(${whole})?(?:${literal(decimal)}(\\d*))?(?:[eE]([+-]?\\d+))?$`);
}

const PATTERNS: Record<DecimalSeparator, RegExp> = { point: numberPattern('point'), comma: numberPattern('comma') };

/** Digits, signs and the two marks only: a text that fails only on where its marks sit. */
const NUMBER_LIKE = /^[+-]?[\d.,]+(?:[eE][+-]?\d+)?$/;

/**
 * Reads trimmed text under the field's decimal separator. `-0` reads as 0, so it agrees with '0'.
 * Blank text is not a number: callers decide what blank means.
 */
export function readNumber(text: string, separator: DecimalSeparator = DEFAULT_DECIMAL_SEPARATOR): NumberReading {
  const match = PATTERNS[separator].exec(text);
  const [, sign = '', whole = '', fraction, exponent] = match ?? [];
  if (!match || (!/\d/.test(whole) && !fraction)) {
    return { ok: false, problem: NUMBER_LIKE.test(text) && /[.,]/.test(text) ? 'separator' : 'notANumber' };
  }
  const digits = whole.replaceAll(MARKS[separator].group, '') || '0';
  const value = Number(`${sign}${digits}.${fraction || '0'}e${exponent ?? '0'}`);
  if (!Number.isFinite(value)) return { ok: false, problem: 'notANumber' };
  return { ok: true, value: value === 0 ? 0 : value };
}

/** The message a submission gets when a number field's text cannot be read. */
export function numberProblemMessage(label: string, problem: NumberProblem, separator: DecimalSeparator): string {
  if (problem === 'notANumber') return `${label} must be a number`;
  return separator === 'comma'
    ? `${label}: use a comma for decimals (1,5), or points only between groups of three digits (1.500)`
    : `${label}: use a point for decimals (1.5), or commas only between groups of three digits (1,500)`;
}

/** The problem with a number text, as a message naming the field, or undefined when it reads. */
export function numberTextProblem(label: string, text: string, separator: DecimalSeparator): string | undefined {
  const reading = readNumber(text, separator);
  return reading.ok ? undefined : numberProblemMessage(label, reading.problem, separator);
}

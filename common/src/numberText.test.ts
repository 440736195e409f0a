import { describe, expect, it } from 'vitest';
import { computeConsensus } from './consensus.ts';
import { fieldSchema } from './fields.ts';
import { normaliseValue } from './fieldValues.ts';
import { type DecimalSeparator, readNumber } from './numberText.ts';
import { checkSubmissionData } from './submissionData.ts';

const POINT_HINT = 'Amount: use a point for decimals (1.5), or commas only between groups of three digits (1,500)';
const COMMA_HINT = 'Amount: use a comma for decimals (1,5), or points only between groups of three digits (1.500)';

const amount = (decimalSeparator?: DecimalSeparator) =>
  fieldSchema.parse({ id: 'amount', type: 'number', label: 'Amount', order: 0, decimalSeparator });

/** What a submission of one amount gets: its message when refused, else the value compared. */
function submit(text: string, separator?: DecimalSeparator): string {
  const field = amount(separator);
  const checked = checkSubmissionData([field], { amount: text });
  return checked.ok ? normaliseValue('number', text, field.decimalSeparator) : checked.message;
}

describe('numbers with point decimals (the default)', () => {
  it.each([
    ['1.5', '1.5'],
    ['1,500', '1500'],
    ['1.500', '1.5'],
    ['12,345,678', '12345678'],
    ['-1,234.5', '-1234.5'],
    ['0012,000.50', '12000.5'],
    ['.5', '0.5'],
    ['1.5e3', '1500'],
    ['-0', '0'],
    ['0', '0'],
  ])('%j is accepted and compares as %j', (text, compared) => {
    expect(submit(text)).toBe(compared);
  });

  it.each(['1,5', '1,50', '12,34,567', ',5', '1,5000', '1234,567', '1,500,00', '1.500,5'])(
    '%j is refused with a hint on separators instead of being read as another number',
    (text) => {
      expect(submit(text)).toBe(POINT_HINT);
    },
  );

  it('text that is no number at all says so', () => {
    expect(submit('about ten')).toBe('Amount must be a number');
    expect(submit('0x10')).toBe('Amount must be a number');
    expect(submit('1e999')).toBe('Amount must be a number');
  });
});

describe('numbers with comma decimals', () => {
  it.each([
    ['1,5', '1.5'],
    ['1.500', '1500'],
    ['1,500', '1.5'],
    ['1.500,25', '1500.25'],
    ['12.345.678', '12345678'],
    ['-1.234,5', '-1234.5'],
    [',5', '0.5'],
    ['-0', '0'],
    ['-0,0', '0'],
  ])('%j is accepted and compares as %j', (text, compared) => {
    expect(submit(text, 'comma')).toBe(compared);
  });

  it.each(['1.5', '1.50', '12.34.567', '1.500.5', '1,500.25', '1,2,3'])(
    '%j is refused: a point only groups thousands here',
    (text) => {
      expect(submit(text, 'comma')).toBe(COMMA_HINT);
    },
  );
});

describe('readNumber', () => {
  it('gives the value, or why the text is not one', () => {
    expect(readNumber('1,500')).toEqual({ ok: true, value: 1500 });
    expect(readNumber('1,5')).toEqual({ ok: false, problem: 'separator' });
    expect(readNumber('1,5', 'comma')).toEqual({ ok: true, value: 1.5 });
    expect(readNumber('ten')).toEqual({ ok: false, problem: 'notANumber' });
    expect(readNumber('.')).toEqual({ ok: false, problem: 'separator' });
    expect(readNumber('-')).toEqual({ ok: false, problem: 'notANumber' });
  });

  it('reads -0 as 0, so it agrees with 0', () => {
    const reading = readNumber('-0');
    expect(reading.ok && Object.is(reading.value, 0)).toBe(true);
  });
});

describe('agreement follows the field’s separator', () => {
  const fields = (decimalSeparator?: DecimalSeparator) => [
    { id: 'amount', type: 'number' as const, order: 0, decimalSeparator },
  ];
  const agreed = (values: string[], separator?: DecimalSeparator) =>
    computeConsensus(
      fields(separator),
      values.map((amount) => ({ amount })),
      2,
    ).fieldStatus.amount;

  it("point decimals: '1,500' and '1500' agree, '1,5' and '15' do not", () => {
    expect(agreed(['1,500', '1500'])).toEqual({ isVerified: true, verifiedValue: '1,500' });
    expect(agreed(['1,5', '15'])).toEqual({ isVerified: false, verifiedValue: null });
    expect(agreed(['-0', '0'])).toEqual({ isVerified: true, verifiedValue: '-0' });
  });

  it("comma decimals: '1,5' and '1,50' agree as 1.5; '1.500' and '1500' agree as 1500; '1,500' is not 1500", () => {
    expect(agreed(['1,5', '1,50'], 'comma')).toEqual({ isVerified: true, verifiedValue: '1,5' });
    expect(agreed(['1.500', '1500'], 'comma')).toEqual({ isVerified: true, verifiedValue: '1.500' });
    expect(agreed(['1,500', '1500'], 'comma')).toEqual({ isVerified: false, verifiedValue: null });
  });

  it('a JSON number from an API client compares by its value under either setting', () => {
    expect(normaliseValue('number', 1.234, 'comma')).toBe('1.234');
    expect(normaliseValue('number', '1,234', 'comma')).toBe('1.234');
    expect(checkSubmissionData([amount('comma')], { amount: 1.234 })).toEqual({
      ok: true,
      data: { amount: 1.234 },
      asWritten: [],
    });
  });
});

describe('number field settings', () => {
  it('a default value must read under the field’s separator, as a submission would', () => {
    const parse = (defaultValue: string, decimalSeparator?: DecimalSeparator) =>
      fieldSchema.safeParse({ id: 'a', type: 'number', label: 'Amount', order: 0, defaultValue, decimalSeparator });
    expect(parse('1,5').error?.issues[0]).toMatchObject({
      path: ['defaultValue'],
      message: 'Default value: use a point for decimals (1.5), or commas only between groups of three digits (1,500)',
    });
    expect(parse('1,5', 'comma').success).toBe(true);
    expect(parse('1.5', 'comma').success).toBe(false);
  });

  it('the separator is kept only on number fields', () => {
    const text = fieldSchema.parse({ id: 't', type: 'text', label: 'Name', order: 0, decimalSeparator: 'comma' });
    expect(text.decimalSeparator).toBeUndefined();
    expect(amount('comma').decimalSeparator).toBe('comma');
    expect(amount().decimalSeparator).toBeUndefined();
  });
});

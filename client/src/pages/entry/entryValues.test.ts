import type { FormField } from '@formscribe/common/fields';
import { describe, expect, it } from 'vitest';
import {
  buildSubmissionData,
  displayedValue,
  filledFieldIds,
  missingRequiredLabels,
  prefillValue,
  prefillValues,
  shouldOfferVotes,
  type VerificationMap,
} from './entryValues.ts';

const field = (id: string, type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  id,
  type,
  label: `${id} label`,
  order: Number(id.replace(/\D/g, '')) || 0,
  required: false,
  ...extra,
});

const verified = (value: string) => ({ isVerified: true, verifiedValue: value });

describe('prefill', () => {
  const verification: VerificationMap = {
    f1: verified('Anna'),
    f2: { isVerified: false, verifiedValue: null },
    f5: verified('true'),
  };

  it('takes the verified value first, then the default, then empty (false for a checkbox)', () => {
    expect(prefillValue(field('f1', 'text', { defaultValue: 'ignored' }), verification)).toBe('Anna');
    expect(prefillValue(field('f2', 'text', { defaultValue: 'N/A' }), verification)).toBe('N/A');
    expect(prefillValue(field('f3', 'number'), verification)).toBe('');
    expect(prefillValue(field('f4', 'checkbox'), verification)).toBe('false');
    expect(prefillValue(field('f4', 'checkbox', { defaultValue: 'true' }), verification)).toBe('true');
    expect(prefillValue(field('f5', 'checkbox'), verification)).toBe('true');
  });

  it('fills every data field and leaves layout fields out', () => {
    const fields = [field('f1', 'text'), field('f6', 'spacer'), field('f7', 'newLine'), field('f4', 'checkbox')];
    expect(prefillValues(fields, verification)).toEqual({ f1: 'Anna', f4: 'false' });
  });

  it('shows a verified number as written when a number input can hold it, else as its number', () => {
    const numbers: VerificationMap = { n1: verified('007'), n2: verified('0012,000.50'), n3: verified('-1.5e3') };
    expect(prefillValue(field('n1', 'number'), numbers)).toBe('007');
    expect(prefillValue(field('n2', 'number'), numbers)).toBe('12000.5');
    expect(prefillValue(field('n3', 'number'), numbers)).toBe('-1.5e3');
    expect(prefillValue(field('n2', 'text'), numbers)).toBe('0012,000.50');
  });

  it('shows a verified comma-decimal number as written: its text input holds it, and 1,500 there is 1.5', () => {
    const comma = { decimalSeparator: 'comma' as const };
    const numbers: VerificationMap = { n1: verified('1,500'), n2: verified('1.500,25') };
    expect(prefillValue(field('n1', 'number', comma), numbers)).toBe('1,500');
    expect(prefillValue(field('n2', 'number', comma), numbers)).toBe('1.500,25');
  });

  it('always shows the verified value of a verified field', () => {
    expect(displayedValue(field('f1', 'text'), { f1: 'typed before it was verified' }, verification)).toBe('Anna');
    expect(displayedValue(field('f2', 'text'), { f2: 'typed' }, verification)).toBe('typed');
  });
});

describe('filled fields', () => {
  const fields = [
    field('f1', 'text'),
    field('f2', 'text', { defaultValue: 'N/A' }),
    field('f3', 'checkbox'),
    field('f4', 'text'),
  ];
  const verification: VerificationMap = { f4: verified('Smith') };
  const prefilled = prefillValues(fields, verification);

  it('counts nothing as filled right after prefilling (defaults and verified values included)', () => {
    expect(filledFieldIds(fields, prefilled, verification)).toEqual([]);
  });

  it('counts typed text and ticked boxes, not whitespace', () => {
    expect(filledFieldIds(fields, { ...prefilled, f1: '   ' }, verification)).toEqual([]);
    expect(filledFieldIds(fields, { ...prefilled, f1: 'x', f3: 'true' }, verification)).toEqual(['f1', 'f3']);
    expect(filledFieldIds(fields, { ...prefilled, f2: 'changed' }, verification)).toEqual(['f2']);
  });
});

describe('vote buttons', () => {
  it('are offered only when nothing is filled, the image has loaded and the entry is open', () => {
    expect(shouldOfferVotes({ filled: false, imageLoaded: true, locked: false })).toBe(true);
    expect(shouldOfferVotes({ filled: true, imageLoaded: true, locked: false })).toBe(false);
    expect(shouldOfferVotes({ filled: false, imageLoaded: false, locked: false })).toBe(false);
    expect(shouldOfferVotes({ filled: false, imageLoaded: true, locked: true })).toBe(false);
  });
});

describe('submission data', () => {
  it('sends every data field by id: trimmed text, checkboxes as booleans, verified fields as agreed', () => {
    const fields = [field('f1', 'text'), field('f2', 'checkbox'), field('f3', 'spacer'), field('f4', 'expandedDate')];
    const verification: VerificationMap = { f4: verified('1901-02-03') };
    expect(buildSubmissionData(fields, { f1: ' Anna ', f2: 'true', f4: '' }, verification)).toEqual({
      f1: 'Anna',
      f2: true,
      f4: '1901-02-03',
    });
  });
});

describe('required fields', () => {
  it('lists the labels of required fields left empty, in order', () => {
    const fields = [
      field('f1', 'text', { required: true, label: 'Surname' }),
      field('f2', 'select', { required: true, label: 'Parish', options: ['A'] }),
      field('f3', 'checkbox', { required: true, label: 'Signed' }),
      field('f4', 'text', { required: true, label: 'Verified' }),
      field('f5', 'text', { label: 'Optional' }),
    ];
    const verification: VerificationMap = { f4: verified('x') };
    expect(missingRequiredLabels(fields, { f1: ' ', f2: '', f3: 'false', f5: '' }, verification)).toEqual([
      'Surname',
      'Parish',
    ]);
    expect(missingRequiredLabels(fields, { f1: 'Smith', f2: 'A', f3: 'false' }, verification)).toEqual([]);
  });
});

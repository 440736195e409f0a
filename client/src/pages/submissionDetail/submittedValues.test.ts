import { type FormField, newField } from '@formscribe/common/fields';
import { describe, expect, it } from 'vitest';
import { displayValue, submittedValueRows } from './submittedValues.ts';

function field(id: string, type: FormField['type'], order: number, overrides: Partial<FormField> = {}): FormField {
  return { ...newField(type, order), id, label: `${id} label`, ...overrides };
}

describe('submittedValueRows', () => {
  it('lists data fields by order with their labels, hides empty values and layout fields, then unknown keys', () => {
    const fields = [
      field('c', 'text', 2, { label: 'Surname' }),
      field('a', 'text', 0, { label: 'Given name' }),
      field('gap', 'spacer', 1),
      field('b', 'textarea', 3, { label: 'Remarks' }),
      field('d', 'select', 4, { label: 'Parish' }),
    ];
    const data = {
      d: 'St Mary',
      zzz: 'kept from a deleted field',
      c: ' Smith ',
      a: 'Anna',
      b: '   ',
      gap: 'x',
      old: '',
    };

    expect(submittedValueRows(fields, data)).toEqual([
      { key: 'a', label: 'Given name', text: 'Anna' },
      { key: 'c', label: 'Surname', text: 'Smith' },
      { key: 'd', label: 'Parish', text: 'St Mary' },
      { key: 'zzz', label: 'zzz', text: 'kept from a deleted field' },
    ]);
  });

  it('shows booleans (and checkbox values stored as text) as Yes or No', () => {
    const fields = [field('ok', 'checkbox', 0, { label: 'Signed' }), field('seal', 'checkbox', 1, { label: 'Sealed' })];
    expect(submittedValueRows(fields, { ok: true, seal: 'false', extra: false })).toEqual([
      { key: 'ok', label: 'Signed', text: 'Yes' },
      { key: 'seal', label: 'Sealed', text: 'No' },
      { key: 'extra', label: 'extra', text: 'No' },
    ]);
  });

  it('shows nothing for a submission without values', () => {
    expect(submittedValueRows([field('a', 'text', 0)], { a: null })).toEqual([]);
  });
});

describe('displayValue', () => {
  it('adds a number field unit and spells out partial expanded dates', () => {
    expect(displayValue(12.5, field('w', 'number', 0, { unit: 'kg' }))).toBe('12.5 kg');
    expect(displayValue('1890|05|', field('d', 'expandedDate', 0))).toBe('Year 1890, Month 05');
    expect(displayValue('||', field('d', 'expandedDate', 0))).toBeNull();
    expect(displayValue('1890-05-17', field('d', 'expandedDate', 0))).toBe('1890-05-17');
    expect(displayValue('true', field('t', 'text', 0))).toBe('true');
  });
});

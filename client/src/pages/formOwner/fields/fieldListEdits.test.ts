import { DEFAULT_OPTIONS, DEFAULT_SPACER_PIXELS, type FormField, newField } from '@formscribe/common/fields';
import { describe, expect, it } from 'vitest';
import {
  addField,
  cloneField,
  deleteField,
  dropTargetIndex,
  moveField,
  reorderField,
  replaceField,
  unusedFieldId,
} from './fieldListEdits.ts';

function field(id: string, order: number, overrides: Partial<FormField> = {}): FormField {
  return { ...newField('text', order), id, label: `Field ${id}`, ...overrides };
}

const ids = (fields: FormField[]) => fields.map((f) => f.id);
const orders = (fields: FormField[]) => fields.map((f) => f.order);

describe('addField', () => {
  it('appends a field of the type with its defaults and the next order', () => {
    const result = addField([field('a', 0), field('b', 1)], 'select', 1000);
    expect(ids(result)).toEqual(['a', 'b', '1000']);
    expect(result[2]).toMatchObject({ type: 'select', label: 'Select Field', order: 2, options: DEFAULT_OPTIONS });
  });

  it('gives the spacer its default height and layout fields no label', () => {
    const [spacer] = addField([], 'spacer', 5);
    expect(spacer).toMatchObject({ type: 'spacer', label: '', order: 0, spacingPixels: DEFAULT_SPACER_PIXELS });
  });

  it('never reuses an id when two fields are added in the same millisecond', () => {
    const once = addField([], 'text', 42);
    const twice = addField(once, 'text', 42);
    expect(ids(twice)).toEqual(['42', '43']);
    expect(unusedFieldId(twice, 42)).toBe('44');
  });
});

describe('cloneField', () => {
  const list = [field('a', 0), field('b', 1, { options: ['x'] }), field('c', 2)];

  it('inserts the copy right after the original and shifts later orders', () => {
    const result = cloneField(list, 'b', 9000);
    expect(ids(result)).toEqual(['a', 'b', '9000', 'c']);
    expect(orders(result)).toEqual([0, 1, 2, 3]);
    expect(result[2]).toMatchObject({ label: 'Field b (Copy)', type: 'text', options: ['x'] });
  });

  it('copies the options rather than sharing them', () => {
    const result = cloneField(list, 'b', 9000);
    expect(result[2]?.options).not.toBe(result[1]?.options);
  });

  it('keeps a layout field label blank', () => {
    const result = cloneField([{ ...newField('newLine', 0), id: 'n' }], 'n', 1);
    expect(result[1]?.label).toBe('');
  });

  it('leaves the list alone for an unknown id', () => {
    expect(ids(cloneField(list, 'zzz', 1))).toEqual(['a', 'b', 'c']);
  });
});

describe('deleteField', () => {
  it('removes the field and renumbers the rest', () => {
    const result = deleteField([field('a', 0), field('b', 1), field('c', 2)], 'b');
    expect(ids(result)).toEqual(['a', 'c']);
    expect(orders(result)).toEqual([0, 1]);
  });
});

describe('moveField', () => {
  const list = [field('a', 0), field('b', 1), field('c', 2)];

  it('moves up and down by one and renumbers', () => {
    expect(ids(moveField(list, 'b', -1))).toEqual(['b', 'a', 'c']);
    expect(ids(moveField(list, 'b', 1))).toEqual(['a', 'c', 'b']);
    expect(orders(moveField(list, 'b', 1))).toEqual([0, 1, 2]);
  });

  it('stays put at either end', () => {
    expect(ids(moveField(list, 'a', -1))).toEqual(['a', 'b', 'c']);
    expect(ids(moveField(list, 'c', 1))).toEqual(['a', 'b', 'c']);
  });
});

describe('reorderField', () => {
  it('sorts by order first, then moves and renumbers every field', () => {
    // Orders with gaps and out of sequence, as an older saved list might have.
    const list = [field('c', 7), field('a', 1), field('b', 4), field('d', 9)];
    const result = reorderField(list, 3, 0);
    expect(ids(result)).toEqual(['d', 'a', 'b', 'c']);
    expect(orders(result)).toEqual([0, 1, 2, 3]);
  });

  it('clamps the target to the list', () => {
    expect(ids(reorderField([field('a', 0), field('b', 1)], 0, 99))).toEqual(['b', 'a']);
  });
});

describe('dropTargetIndex', () => {
  // a b c d; dragging b (index 1).
  it.each([
    [0, 'before', 0, ['b', 'a', 'c', 'd']],
    [0, 'after', 1, ['a', 'b', 'c', 'd']],
    [2, 'before', 1, ['a', 'b', 'c', 'd']],
    [2, 'after', 2, ['a', 'c', 'b', 'd']],
    [3, 'after', 3, ['a', 'c', 'd', 'b']],
  ] as const)('over %i %s gives %i', (overIndex, placement, expected, order) => {
    const to = dropTargetIndex(1, overIndex, placement);
    expect(to).toBe(expected);
    const list = [field('a', 0), field('b', 1), field('c', 2), field('d', 3)];
    expect(ids(reorderField(list, 1, to))).toEqual(order);
  });
});

describe('replaceField', () => {
  it('swaps in the edited field at the same place', () => {
    const list = [field('a', 0), field('b', 1)];
    const result = replaceField(list, { ...field('a', 5), label: 'Name', required: true });
    expect(result[0]).toMatchObject({ id: 'a', order: 0, label: 'Name', required: true });
    expect(ids(result)).toEqual(['a', 'b']);
  });
});

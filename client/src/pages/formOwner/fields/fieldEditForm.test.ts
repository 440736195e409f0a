import { type FormField, newField } from '@formscribe/common/fields';
import { describe, expect, it } from 'vitest';
import {
  cleanOptions,
  editStateToField,
  fieldToEditState,
  lineHeightError,
  nextOptionName,
  spacingError,
} from './fieldEditForm.ts';

const select: FormField = { ...newField('select', 0), id: 's', options: ['Red', 'Blue'], defaultValue: 'Blue' };

describe('options', () => {
  it("names a new option 'Option n', skipping names in use", () => {
    expect(nextOptionName(['Option 1', 'Option 2'])).toBe('Option 3');
    expect(nextOptionName(['Option 2'])).toBe('Option 3');
    expect(nextOptionName(['Red'])).toBe('Option 2');
  });

  it("drops blanks and starts an emptied list over with 'Option 1'", () => {
    expect(cleanOptions([' Red ', '', '  '])).toEqual(['Red']);
    expect(cleanOptions(['', ' '])).toEqual(['Option 1']);
  });
});

describe('editStateToField', () => {
  it('saves cleaned options and forgets a default the options no longer offer', () => {
    const state = { ...fieldToEditState(select), options: ['Red', ''] };
    expect(editStateToField(select, state).field).toMatchObject({ options: ['Red'], defaultValue: undefined });
  });

  it('keeps a checkbox default as true or false', () => {
    const checkbox = { ...newField('checkbox', 0), id: 'c' };
    const state = fieldToEditState(checkbox);
    expect(state.defaultValue).toBe('false');
    expect(editStateToField(checkbox, { ...state, defaultValue: 'true' }).field?.defaultValue).toBe('true');
  });

  it('refuses a blank label on a data field with the server rule', () => {
    const text = { ...newField('text', 0), id: 't' };
    expect(editStateToField(text, { ...fieldToEditState(text), label: '  ' }).errors).toEqual({
      label: 'Every data field needs a label',
    });
  });

  it('checks spacer and new line sizes against their bounds', () => {
    const spacer = { ...newField('spacer', 0), id: 'sp' };
    expect(editStateToField(spacer, { ...fieldToEditState(spacer), spacingPixels: '501' }).errors).toEqual({
      spacingPixels: spacingError(),
    });
    expect(editStateToField(spacer, { ...fieldToEditState(spacer), spacingPixels: '35' }).field).toMatchObject({
      spacingPixels: 35,
      label: '',
      required: false,
    });
    const newLine = { ...newField('newLine', 0), id: 'nl' };
    expect(editStateToField(newLine, { ...fieldToEditState(newLine), lineHeight: '2.5' }).errors).toEqual({
      lineHeight: lineHeightError(),
    });
    expect(editStateToField(newLine, { ...fieldToEditState(newLine), lineHeight: '200' }).field?.lineHeight).toBe(200);
  });

  it('drops blank text properties', () => {
    const number = { ...newField('number', 0), id: 'n' };
    const result = editStateToField(number, { ...fieldToEditState(number), unit: '  ', placeholder: '' });
    expect(result.field).toMatchObject({ unit: undefined, placeholder: undefined });
  });
});

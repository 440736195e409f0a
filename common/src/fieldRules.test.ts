/**
 * Field rules from their one definition: what each rule refuses and the message a contributor
 * reads, what rules fit which field, the column names fields get, and a submission's check with
 * and without "as written on the page" marks (the same check the server runs).
 */
import { describe, expect, it } from 'vitest';
import {
  type FieldRules,
  PATTERN_PRESETS,
  type PatternPreset,
  type RuledField,
  ruleProblem,
  rulesProblem,
} from './fieldRules.ts';
import { type FieldType, fieldSchema, fieldsSchema, withColumnNames } from './fields.ts';
import type { DecimalSeparator } from './numberText.ts';
import { checkSubmissionData } from './submissionData.ts';

const TODAY = '2026-11-28';

const ruled = (type: FieldType, rules: FieldRules, decimalSeparator?: DecimalSeparator): RuledField => ({
  id: 'f',
  type,
  label: 'Value',
  rules,
  decimalSeparator,
});

/** The message a value gets under one field's rules, or 'ok'. */
const check = (field: RuledField, value: unknown) => ruleProblem(field, value, TODAY) ?? 'ok';

describe('number rules', () => {
  it.each<[unknown, string]>([
    ['17', 'ok'],
    ['17.5', 'ok'],
    ['120', 'ok'],
    ['0', 'ok'],
    ['-1', 'Value must be at least 0'],
    ['430', 'Value must be at most 120'],
    [430, 'Value must be at most 120'],
    ['1,200', 'Value must be at most 120'],
  ])('min 0, max 120: %j → %s', (value, expected) => {
    expect(check(ruled('number', { min: 0, max: 120 }), value)).toBe(expected);
  });

  it.each<[DecimalSeparator, unknown, string]>([
    ['point', '3', 'ok'],
    ['point', '3.0', 'ok'],
    ['point', '1,500', 'ok'],
    ['point', '3.5', 'Value must be a whole number'],
    ['point', 3.5, 'Value must be a whole number'],
    ['comma', '3', 'ok'],
    ['comma', '1.500', 'ok'],
    ['comma', '3,5', 'Value must be a whole number'],
    // A JSON number is read as itself, not as text under comma decimals (where '3.5' would not read).
    ['comma', 3.5, 'Value must be a whole number'],
  ])('integer with %s decimals: %j → %s', (separator, value, expected) => {
    expect(check(ruled('number', { integer: true }, separator), value)).toBe(expected);
  });

  it('leaves text that is not a number to the type check, and blank to required', () => {
    expect(check(ruled('number', { max: 10 }), 'about ten')).toBe('ok');
    expect(check(ruled('number', { min: 10 }), '  ')).toBe('ok');
  });
});

describe('text rules', () => {
  it.each<[FieldRules, string, string]>([
    [{ minLength: 2 }, 'Jo', 'ok'],
    [{ minLength: 2 }, 'J', 'Value must be at least 2 characters'],
    [{ maxLength: 5 }, 'Smith', 'ok'],
    [{ maxLength: 5 }, 'Smithson', 'Value must be at most 5 characters'],
    // Lengths count characters, not UTF-16 units: one emoji is one character.
    [{ maxLength: 1 }, '😀', 'ok'],
    [{ pattern: '[A-Z]{3}' }, 'ABC', 'ok'],
    [{ pattern: '[A-Z]{3}' }, 'ABCD', 'Value is not in the expected format'],
    [{ pattern: '[A-Z]{3}', patternMessage: 'Three capitals' }, 'abc', 'Three capitals'],
  ])('%j: %j → %s', (rules, value, expected) => {
    expect(check(ruled('text', rules), value)).toBe(expected);
  });

  it('checks textarea and e-mail lengths too', () => {
    expect(check(ruled('textarea', { maxLength: 3 }), 'four')).toBe('Value must be at most 3 characters');
    expect(check(ruled('email', { maxLength: 5 }), 'a@b.org')).toBe('Value must be at most 5 characters');
  });

  it.each<[PatternPreset, string, string]>([
    ['ukPostcode', 'SW1A 1AA', 'SW1A 1A'],
    ['usZip', '12345-6789', '1234'],
    ['phone', '+44 20 7946 0958', 'call me'],
    ['idNumber', 'AB-1234', 'AB 1234'],
  ])('preset %s accepts %j and refuses %j with its message', (name, good, bad) => {
    const preset = PATTERN_PRESETS[name];
    const field = ruled('text', { pattern: preset.pattern, patternMessage: preset.message });
    expect(check(field, good)).toBe('ok');
    expect(check(field, bad)).toBe(preset.message);
  });

  it('has a case above for every preset', () => {
    expect(Object.keys(PATTERN_PRESETS).sort()).toEqual(['idNumber', 'phone', 'ukPostcode', 'usZip']);
  });
});

describe('date rules', () => {
  it.each<[FieldRules, string, string]>([
    [{ earliest: '1850-01-01' }, '1850-01-01', 'ok'],
    [{ earliest: '1850-01-01' }, '1849-12-31', 'Value must be on or after 1850-01-01'],
    [{ latest: '1900-12-31' }, '1900-12-31', 'ok'],
    [{ latest: '1900-12-31' }, '1901-01-01', 'Value must be on or before 1900-12-31'],
    [{ noFuture: true }, TODAY, 'ok'],
    [{ noFuture: true }, '2026-11-29', 'Value cannot be in the future'],
  ])('date %j: %j → %s', (rules, value, expected) => {
    expect(check(ruled('date', rules), value)).toBe(expected);
  });

  it('noFuture compares with the day it is given', () => {
    const field = ruled('date', { noFuture: true });
    expect(ruleProblem(field, '2030-01-01', '2029-12-31')).toBe('Value cannot be in the future');
    expect(ruleProblem(field, '2030-01-01', '2030-01-01')).toBeUndefined();
  });

  it.each<[FieldRules, string, string]>([
    // A partial date breaks a rule only when every day it may mean breaks it.
    [{ earliest: '1887-06-01' }, '1887||', 'ok'],
    [{ earliest: '1887-06-01' }, '1887|5|', 'Value must be on or after 1887-06-01'],
    [{ earliest: '1887-06-01' }, '1886||', 'Value must be on or after 1887-06-01'],
    [{ latest: '1887-06-01' }, '1887||', 'ok'],
    [{ latest: '1887-06-01' }, '1887|7|', 'Value must be on or before 1887-06-01'],
    [{ noFuture: true }, '2026||', 'ok'],
    [{ noFuture: true }, '2026|12|', 'Value cannot be in the future'],
    [{ noFuture: true }, '2027||', 'Value cannot be in the future'],
    [{ earliest: '1887-06-01' }, '1887-05-31', 'Value must be on or after 1887-06-01'],
    // Without a year there is nothing to compare.
    [{ earliest: '1887-06-01' }, '|3|4', 'ok'],
  ])('expandedDate %j: %j → %s', (rules, value, expected) => {
    expect(check(ruled('expandedDate', rules), value)).toBe(expected);
  });
});

describe('rulesProblem', () => {
  it.each<[FieldType, FieldRules, string | undefined]>([
    ['number', { min: 0, max: 10, integer: true }, undefined],
    ['number', { min: 10, max: 0 }, 'Minimum is above maximum'],
    ['number', { pattern: '\\d+' }, 'A number field cannot have the rule pattern'],
    ['text', { minLength: 5, maxLength: 2 }, 'Minimum length is above maximum length'],
    ['text', { noFuture: true }, 'A text field cannot have the rule noFuture'],
    ['email', { pattern: '.*' }, 'A email field cannot have the rule pattern'],
    ['date', { earliest: '1900-01-01', latest: '1800-01-01' }, 'Earliest date is after latest date'],
    ['checkbox', { min: 1 }, 'A checkbox field cannot have the rule min'],
    ['select', {}, undefined],
  ])('%s %j → %s', (type, rules, expected) => {
    expect(rulesProblem(type, rules)).toBe(expected);
  });

  it('the field schema refuses rules that do not fit, and drops empty ones', () => {
    const parse = (rules: unknown) =>
      fieldSchema.safeParse({ id: 'age', type: 'number', label: 'Age', order: 0, rules });
    expect(parse({ min: 5, max: 1 }).error?.issues[0]).toMatchObject({
      path: ['rules'],
      message: 'Minimum is above maximum',
    });
    expect(parse({ pattern: '(' }).success).toBe(false);
    expect(parse({ min: 0, integer: false }).data?.rules).toEqual({ min: 0 });
    expect(parse({ integer: false }).data?.rules).toBeUndefined();
  });
});

describe('column names', () => {
  const field = (id: string, label: string, order: number, type: FieldType = 'text') => ({ id, type, label, order });

  it('are assigned from labels, unique in the form; layout fields get none', () => {
    const fields = fieldsSchema.parse([
      field('a', 'Date of birth', 0, 'date'),
      field('b', 'Date of birth', 1),
      field('c', '2nd name', 2),
      field('d', 'Émile', 3),
      field('gap', '', 4, 'spacer'),
      field('e', '!!!', 5),
    ]);
    expect(fields.map((f) => f.name)).toEqual([
      'date_of_birth',
      'date_of_birth_2',
      'f_2nd_name',
      'emile',
      undefined,
      'field',
    ]);
  });

  it('stay when the label is renamed, and a new field never takes a name in use', () => {
    const [saved] = fieldsSchema.parse([field('a', 'Age', 0, 'number')]);
    const renamed = fieldsSchema.parse([{ ...saved, label: 'Age at death' }, field('b', 'Age', 1, 'number')]);
    expect(renamed.map((f) => f.name)).toEqual(['age', 'age_2']);
  });

  it('are refused when two fields share one', () => {
    const result = fieldsSchema.safeParse([
      { ...field('a', 'A', 0), name: 'same' },
      { ...field('b', 'B', 1), name: 'same' },
    ]);
    expect(result.error?.issues[0]).toMatchObject({ path: [1, 'name'], message: 'Column names must be unique' });
  });

  it('withColumnNames keeps names already given when it names the rest', () => {
    const named = withColumnNames([
      { type: 'text' as const, label: 'Name' },
      { type: 'text' as const, label: 'Other', name: 'name' },
    ]);
    expect(named.map((f) => f.name)).toEqual(['name_2', 'name']);
  });
});

describe('checkSubmissionData with rules', () => {
  const fields = fieldsSchema.parse([
    { id: 'age', type: 'number', label: 'Age', order: 0, rules: { min: 0, max: 120 } },
    { id: 'born', type: 'date', label: 'Born', order: 1, rules: { noFuture: true } },
    { id: 'name', type: 'text', label: 'Name', order: 2 },
  ]);

  it('refuses a rule break with the field message and id', () => {
    expect(checkSubmissionData(fields, { age: '430', name: 'Ann' }, [], TODAY)).toEqual({
      ok: false,
      message: 'Age must be at most 120',
      fieldId: 'age',
    });
    expect(checkSubmissionData(fields, { born: '2027-01-01' }, [], TODAY)).toMatchObject({ fieldId: 'born' });
  });

  it('accepts the break when the field is marked as written, and keeps that mark', () => {
    expect(checkSubmissionData(fields, { age: ' 430 ', name: 'Ann' }, ['age'], TODAY)).toEqual({
      ok: true,
      data: { age: '430', name: 'Ann' },
      asWritten: ['age'],
    });
  });

  it('drops marks on values that break no rule, so a kept mark always means outside the rules', () => {
    expect(checkSubmissionData(fields, { age: '43', name: 'Ann' }, ['age', 'name'], TODAY)).toEqual({
      ok: true,
      data: { age: '43', name: 'Ann' },
      asWritten: [],
    });
  });

  it('still refuses a value of the wrong kind, marked or not', () => {
    expect(checkSubmissionData(fields, { age: 'old' }, ['age'], TODAY)).toMatchObject({ ok: false, fieldId: 'age' });
  });

  it('refuses a mark on a field the form does not have', () => {
    expect(checkSubmissionData(fields, { age: '43' }, ['ghost'], TODAY)).toEqual({
      ok: false,
      message: 'Unknown field: ghost',
      fieldId: 'ghost',
    });
  });
});

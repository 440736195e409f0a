import { describe, expect, it } from 'vitest';
import { type ConsensusField, computeConsensus } from './consensus.ts';
import type { FieldType } from './fields.ts';
import { normaliseValue, writtenForm } from './fieldValues.ts';

const field = (id: string, type: FieldType, order = 0): ConsensusField => ({ id, type, order });

describe('normaliseValue', () => {
  it.each<[FieldType, unknown, string]>([
    ['text', '  Anna   Smith ', 'Anna Smith'],
    ['text', 'Anna smith', 'Anna smith'],
    ['textarea', 'line one\n  line two', 'line one line two'],
    ['number', '1.50', '1.5'],
    ['number', ' 007 ', '7'],
    ['number', '1,200', '1200'],
    ['number', 'about ten', 'about ten'],
    ['email', ' Anna@Example.ORG ', 'anna@example.org'],
    ['date', '1890-3-7', '1890-03-07'],
    ['date', '1890-03-07', '1890-03-07'],
    ['expandedDate', '1890|3|', '1890|03|'],
    ['expandedDate', '1890|03|07', '1890-03-07'],
    ['expandedDate', '||', ''],
    ['expandedDate', '1890-03-07', '1890-03-07'],
    ['checkbox', true, 'true'],
    ['checkbox', 'true', 'true'],
    ['checkbox', false, 'false'],
    ['checkbox', undefined, 'false'],
    ['select', ' North ', 'North'],
    ['radio', null, ''],
    ['text', undefined, ''],
  ])('%s %j → %j', (type, value, expected) => {
    expect(normaliseValue(type, value)).toBe(expected);
  });
});

describe('computeConsensus', () => {
  const fields = [
    field('name', 'text', 0),
    field('gap', 'spacer', 1),
    field('age', 'number', 2),
    field('br', 'newLine', 3),
  ];

  it('threshold 1: the first entry verifies every data field; layout fields never count', () => {
    const result = computeConsensus(fields, [{ name: 'Anna', age: '30' }], 1);
    expect(result).toEqual({
      entryCount: 1,
      totalFieldCount: 2,
      verifiedFieldCount: 2,
      fieldStatus: {
        name: { isVerified: true, verifiedValue: 'Anna' },
        age: { isVerified: true, verifiedValue: '30' },
      },
    });
  });

  it('no entries: nothing verified', () => {
    expect(computeConsensus(fields, [], 1)).toMatchObject({ entryCount: 0, verifiedFieldCount: 0, totalFieldCount: 2 });
  });

  it('threshold 2: two entries agreeing after normalisation verify; a disagreement does not', () => {
    const result = computeConsensus(
      fields,
      [
        { name: ' Anna ', age: '30.0' },
        { name: 'Anna', age: '31' },
      ],
      2,
    );
    expect(result.fieldStatus.name).toEqual({ isVerified: true, verifiedValue: 'Anna' });
    expect(result.fieldStatus.age).toEqual({ isVerified: false, verifiedValue: null });
    expect(result.verifiedFieldCount).toBe(1);
  });

  it('threshold 3: needs three agreeing entries among any number', () => {
    const entries = [{ name: 'A' }, { name: 'B' }, { name: 'A' }, { name: 'B' }, { name: 'A' }];
    expect(computeConsensus(fields, entries.slice(0, 4), 3).fieldStatus.name?.isVerified).toBe(false);
    expect(computeConsensus(fields, entries, 3).fieldStatus.name).toEqual({ isVerified: true, verifiedValue: 'A' });
  });

  it('agreeing on blank counts as agreement on blank', () => {
    const result = computeConsensus(fields, [{ name: '', age: '' }, { name: '   ' }], 2);
    expect(result.fieldStatus.name).toEqual({ isVerified: true, verifiedValue: '' });
    expect(result.fieldStatus.age).toEqual({ isVerified: true, verifiedValue: '' });
  });

  it('partial dates agree only with the same known parts', () => {
    const dates = [field('born', 'expandedDate')];
    expect(computeConsensus(dates, [{ born: '1890|3|' }, { born: '1890|03|' }], 2).verifiedFieldCount).toBe(1);
    expect(computeConsensus(dates, [{ born: '1890|3|' }, { born: '1890|3|7' }], 2).verifiedFieldCount).toBe(0);
  });

  it('checkbox: unticked (false) and ticked (true) are different values', () => {
    const boxes = [field('alive', 'checkbox')];
    expect(computeConsensus(boxes, [{ alive: true }, { alive: false }], 2).verifiedFieldCount).toBe(0);
    expect(computeConsensus(boxes, [{}, { alive: false }], 2).fieldStatus.alive).toEqual({
      isVerified: true,
      verifiedValue: 'false',
    });
  });

  it('ties: the most common value wins; on equal counts the value entered first', () => {
    const tie = computeConsensus(fields, [{ name: 'B' }, { name: 'A' }], 1);
    expect(tie.fieldStatus.name?.verifiedValue).toBe('B');
    const majority = computeConsensus(fields, [{ name: 'B' }, { name: 'A' }, { name: 'A' }], 1);
    expect(majority.fieldStatus.name?.verifiedValue).toBe('A');
  });

  it('unknown keys in entries are ignored', () => {
    const result = computeConsensus(fields, [{ name: 'A', bogus: 'x' }], 1);
    expect(Object.keys(result.fieldStatus).sort()).toEqual(['age', 'name']);
  });
});

describe('computeConsensus keeps what contributors really typed', () => {
  const verifiedValue = (type: FieldType, values: unknown[], threshold = 1) =>
    computeConsensus(
      [field('f', type)],
      values.map((value) => ({ f: value })),
      threshold,
    ).fieldStatus.f;

  it('leading zeros: 007 and 7 agree, and 007 is kept when most wrote it', () => {
    expect(verifiedValue('number', ['007', '7', '007'], 3)).toEqual({ isVerified: true, verifiedValue: '007' });
    expect(verifiedValue('text', ['007', '007'], 2)).toEqual({ isVerified: true, verifiedValue: '007' });
  });

  it('thousands separators: 0012,000.50 and 12000.5 agree; the written form most entries used wins', () => {
    expect(verifiedValue('number', ['12000.5', '0012,000.50', '0012,000.50'], 3)).toEqual({
      isVerified: true,
      verifiedValue: '0012,000.50',
    });
    expect(verifiedValue('number', ['0012,000.50', '12000.5', '12000.5'], 3)?.verifiedValue).toBe('12000.5');
  });

  it('equally used written forms: the one entered first', () => {
    expect(verifiedValue('number', ['12,000', '12000'], 2)?.verifiedValue).toBe('12,000');
    expect(verifiedValue('number', ['12000', '12,000'], 2)?.verifiedValue).toBe('12000');
  });

  it('the written form is chosen among the agreeing entries only, not among all of them', () => {
    // '7' is the commonest spelling overall, but only once among the entries that agree on 8.
    expect(verifiedValue('number', ['08', '7', '7', '08', '8'], 1)?.verifiedValue).toBe('08');
  });

  it('multi-line text keeps its line breaks (and its inner spacing)', () => {
    const letter = 'Dear Sir,\n  I write to say\n\nYours';
    expect(verifiedValue('textarea', [letter, 'Dear Sir, I write to say Yours'], 2)).toEqual({
      isVerified: true,
      verifiedValue: letter,
    });
  });

  it('accents and case are kept: José entered by two people is José', () => {
    expect(verifiedValue('text', ['José', 'José'], 2)).toEqual({ isVerified: true, verifiedValue: 'José' });
  });

  it('e-mail: Anna@Example.org and anna@example.org agree, and the most-used form is kept', () => {
    const values = ['anna@example.org', 'Anna@Example.org', 'Anna@Example.org'];
    expect(verifiedValue('email', values, 3)).toEqual({ isVerified: true, verifiedValue: 'Anna@Example.org' });
    expect(verifiedValue('email', ['Anna@Example.org', 'anna@example.org'], 2)?.verifiedValue).toBe('Anna@Example.org');
  });

  it('dates keep the way they were written', () => {
    expect(verifiedValue('expandedDate', ['1890|3|', '1890|03|'], 2)?.verifiedValue).toBe('1890|3|');
  });

  it('only the whitespace around a value goes; a blank stays blank; a checkbox is true or false', () => {
    expect(verifiedValue('text', ['  Anna  Smith ', 'Anna Smith'], 2)?.verifiedValue).toBe('Anna  Smith');
    expect(verifiedValue('expandedDate', ['||', ''], 2)).toEqual({ isVerified: true, verifiedValue: '' });
    expect(verifiedValue('checkbox', ['on', true], 2)).toEqual({ isVerified: true, verifiedValue: 'true' });
  });
});

describe('writtenForm', () => {
  it.each<[FieldType, unknown, string]>([
    ['number', ' 0012,000.50 ', '0012,000.50'],
    ['textarea', 'one\ntwo', 'one\ntwo'],
    ['email', 'Anna@Example.org', 'Anna@Example.org'],
    ['number', 12000.5, '12000.5'],
    ['checkbox', 'on', 'true'],
    ['text', undefined, ''],
  ])('%s %j → %j', (type, value, expected) => {
    expect(writtenForm(type, value)).toBe(expected);
  });
});

describe('computeConsensus with "as written on the page" marks', () => {
  const fields = [field('age', 'number', 0), field('name', 'text', 1)];

  it('flags a verified value when enough agreeing entries marked it', () => {
    const result = computeConsensus(fields, [{ age: '430' }, { age: '430.0' }], 2, [['age'], ['age']]);
    expect(result.fieldStatus.age).toEqual({ isVerified: true, verifiedValue: '430', asWritten: true });
    expect(result.fieldStatus.name).toEqual({ isVerified: true, verifiedValue: '' });
  });

  it('marks need agreement like values: one mark among two agreeing entries is no flag', () => {
    const result = computeConsensus(fields, [{ age: '430' }, { age: '430' }], 2, [['age'], []]);
    expect(result.fieldStatus.age).toEqual({ isVerified: true, verifiedValue: '430' });
  });

  it('a marked value and a different value do not agree', () => {
    const result = computeConsensus(fields, [{ age: '430' }, { age: '43' }], 2, [['age'], []]);
    expect(result.fieldStatus.age).toEqual({ isVerified: false, verifiedValue: null });
  });

  it('marks of entries outside the agreeing group do not count', () => {
    const entries = [{ age: '999' }, { age: '43' }, { age: '43' }];
    const result = computeConsensus(fields, entries, 1, [['age'], [], []]);
    expect(result.fieldStatus.age).toEqual({ isVerified: true, verifiedValue: '43' });
  });

  it('threshold 1: the one marked entry flags its value', () => {
    const result = computeConsensus(fields, [{ age: '430' }], 1, [['age']]);
    expect(result.fieldStatus.age).toEqual({ isVerified: true, verifiedValue: '430', asWritten: true });
  });
});

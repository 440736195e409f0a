/** The machine's reading as one more entry: it settles fields people left open, never alone, never against them. */
import { type ConsensusField, computeConsensus } from '@formscribe/common/consensus';
import { describe, expect, it } from 'vitest';
import { withMachineEntry } from './machineEntry.ts';

const FIELDS: ConsensusField[] = [
  { id: 'name', type: 'text', order: 0 },
  { id: 'age', type: 'number', order: 1 },
];

function consensus(entries: Record<string, unknown>[], machine: Record<string, string>, threshold: number) {
  const people = computeConsensus(FIELDS, entries, threshold);
  return withMachineEntry(people, FIELDS, entries, machine, threshold);
}

describe('withMachineEntry', () => {
  it('counts as the second agreeing entry, and keeps the person’s own text', () => {
    const result = consensus([{ name: 'Anna  Smith', age: '30' }], { name: 'Anna Smith', age: '31' }, 2);
    expect(result.fieldStatus).toEqual({
      name: { isVerified: true, verifiedValue: 'Anna  Smith', machineAssisted: true },
      age: { isVerified: false, verifiedValue: null },
    });
    expect(result).toMatchObject({ entryCount: 1, verifiedFieldCount: 1 });
  });

  it('never verifies alone, even at agreement 1', () => {
    expect(consensus([], { name: 'Anna', age: '30' }, 1).verifiedFieldCount).toBe(0);
  });

  it('breaks a tie between people, and never changes what people verified', () => {
    const tie = consensus([{ name: 'Anna' }, { name: 'Anne' }], { name: 'Anne' }, 2);
    expect(tie.fieldStatus.name).toEqual({ isVerified: true, verifiedValue: 'Anne', machineAssisted: true });
    const settled = consensus([{ age: '30' }, { age: '30.0' }], { age: '31' }, 2);
    expect(settled.fieldStatus.age).toEqual({ isVerified: true, verifiedValue: '30' });
    // People who verified a field on their own, with the machine agreeing, owe it nothing.
    const alone = consensus([{ age: '30' }, { age: '30' }], { age: '30' }, 2);
    expect(alone.fieldStatus.age).toEqual({ isVerified: true, verifiedValue: '30' });
  });

  it('an empty reading is no entry (it cannot agree on a blank)', () => {
    expect(consensus([{ name: '' }], { name: '' }, 2).fieldStatus.name?.isVerified).toBe(false);
  });
});

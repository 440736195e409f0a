/**
 * Verification by agreement: for one image, entries × fields × threshold → per-field
 * `{isVerified, verifiedValue}`. A field is verified when at least `threshold` entries hold the
 * same value after normalisation (agreeing on blank counts too). Layout fields never count.
 * Pure and deterministic: the server stores its result on the image row.
 */
import { dataFields, type FieldType } from './fields.ts';
import { normaliseValue } from './fieldValues.ts';

export interface ConsensusField {
  id: string;
  type: FieldType;
  order: number;
}

/** One submission's data: field id → value as entered. Oldest first. */
export type ConsensusEntry = Record<string, unknown>;

export interface FieldConsensus {
  isVerified: boolean;
  verifiedValue: string | null;
}

export interface ImageConsensus {
  entryCount: number;
  totalFieldCount: number;
  verifiedFieldCount: number;
  fieldStatus: Record<string, FieldConsensus>;
}

/** The agreed value of one field, if any: most votes wins; a tie goes to the value entered first. */
function agreeOn(type: FieldType, values: unknown[], threshold: number): FieldConsensus {
  const counts = new Map<string, number>();
  for (const value of values) {
    const key = normaliseValue(type, value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: { value: string; count: number } | undefined;
  // Map keeps insertion order, so on equal counts the earliest-entered value stays best.
  for (const [value, count] of counts) if (!best || count > best.count) best = { value, count };
  if (!best || best.count < threshold) return { isVerified: false, verifiedValue: null };
  return { isVerified: true, verifiedValue: best.value };
}

export function computeConsensus(
  fields: readonly ConsensusField[],
  entries: readonly ConsensusEntry[],
  threshold: number,
): ImageConsensus {
  const counted = dataFields(fields);
  const fieldStatus: Record<string, FieldConsensus> = {};
  for (const field of counted) {
    fieldStatus[field.id] = agreeOn(
      field.type,
      entries.map((entry) => entry[field.id]),
      Math.max(1, threshold),
    );
  }
  return {
    entryCount: entries.length,
    totalFieldCount: counted.length,
    verifiedFieldCount: Object.values(fieldStatus).filter((s) => s.isVerified).length,
    fieldStatus,
  };
}

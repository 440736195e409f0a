/**
 * The machine's reading as one more entry toward agreement (pure; the consensus store applies it).
 * It is added only to fields the people's entries have not verified on their own, so it can
 * settle a field but never unsettle or change one. A field it helps verify needs at least one
 * person among the agreeing entries (nothing is verified by the machine alone), and the value
 * kept is one a person wrote. It never counts as an entry of the image (entryCount is people's).
 * Such a field is marked `machineAssisted`: it matches the reading by construction, so the owner's
 * agreement figure (machineAgreement.ts) must tell it apart from fields people verified alone.
 */
import {
  type ConsensusEntry,
  type ConsensusField,
  groupEnteredValues,
  type ImageConsensus,
  mostEntered,
} from '@formscribe/common/consensus';
import { dataFields } from '@formscribe/common/fields';
import type { StoredFieldStatus } from '../../models/FormImage.ts';

/** The readings that count for an image: field id → text (enabled, switched on, confident enough). */
export type MachineEntry = Record<string, string>;

/**
 * `consensus` (people's entries alone) with the machine's entry added where it settles a field:
 * its group of equal values, machine included, reaches `threshold` and holds a person's entry;
 * the fields it settles carry `machineAssisted: true`.
 */
export function withMachineEntry(
  consensus: ImageConsensus,
  fields: readonly ConsensusField[],
  entries: readonly ConsensusEntry[],
  machine: MachineEntry,
  threshold: number,
): ImageConsensus {
  const fieldStatus: Record<string, StoredFieldStatus> = { ...consensus.fieldStatus };
  const people = entries.length;
  for (const field of dataFields(fields)) {
    const reading = machine[field.id];
    if (reading === undefined || reading === '' || fieldStatus[field.id]?.isVerified) continue;
    // The machine's value comes last, so on equal counts people's first value still wins.
    const values = [...entries.map((entry) => entry[field.id]), reading];
    const best = mostEntered(groupEnteredValues(field.type, values, field.decimalSeparator));
    if (!best || best.entries.length < Math.max(1, threshold)) continue;
    const written = best.writtenForms
      .map((form) => ({ value: form.value, entries: form.entries.filter((index) => index < people) }))
      .filter((form) => form.entries.length > 0);
    const value = mostEntered(written)?.value;
    if (value === undefined) continue; // the machine alone: never verified
    fieldStatus[field.id] = { isVerified: true, verifiedValue: value, machineAssisted: true };
  }
  const verifiedFieldCount = Object.values(fieldStatus).filter((status) => status.isVerified).length;
  return { ...consensus, fieldStatus, verifiedFieldCount };
}

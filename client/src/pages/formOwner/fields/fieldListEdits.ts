/**
 * The builder's edits to a field list (spec section 4, "Field editing"), as pure functions.
 * Every function takes a list in any order and returns a new list sorted and renumbered
 * 0..n-1, which is also what the server stores, so the draft and the saved list line up.
 */
import { type FieldType, type FormField, newField } from '@formscribe/common/fields';

export const COPY_SUFFIX = ' (Copy)';

export function sortByOrder(fields: readonly FormField[]): FormField[] {
  return [...fields].sort((a, b) => a.order - b.order);
}

function renumber(fields: readonly FormField[]): FormField[] {
  return fields.map((field, order) => (field.order === order ? field : { ...field, order }));
}

/**
 * A timestamp id (spec section 3) that no field in the list has yet: two fields added or
 * cloned within the same millisecond would otherwise share one.
 */
export function unusedFieldId(fields: readonly FormField[], now: number): string {
  const taken = new Set(fields.map((field) => field.id));
  let candidate = now;
  while (taken.has(String(candidate))) candidate += 1;
  return String(candidate);
}

/** Add appends a field of `type` with its type's defaults. */
export function addField(fields: readonly FormField[], type: FieldType, now = Date.now()): FormField[] {
  const sorted = renumber(sortByOrder(fields));
  return [...sorted, { ...newField(type, sorted.length), id: unusedFieldId(sorted, now) }];
}

/**
 * Clone inserts a copy right after the original with a new id and " (Copy)" on its label;
 * later fields shift down by one. Layout fields have no label, so theirs stays blank.
 */
export function cloneField(fields: readonly FormField[], fieldId: string, now = Date.now()): FormField[] {
  const sorted = sortByOrder(fields);
  const index = sorted.findIndex((field) => field.id === fieldId);
  const original = sorted[index];
  if (!original) return renumber(sorted);
  const copy: FormField = {
    ...original,
    id: unusedFieldId(sorted, now),
    label: original.label ? `${original.label}${COPY_SUFFIX}` : original.label,
    options: original.options ? [...original.options] : undefined,
  };
  return renumber([...sorted.slice(0, index + 1), copy, ...sorted.slice(index + 1)]);
}

export function deleteField(fields: readonly FormField[], fieldId: string): FormField[] {
  return renumber(sortByOrder(fields).filter((field) => field.id !== fieldId));
}

/** Swaps a field with its neighbour above (-1) or below (+1); at either end nothing moves. */
export function moveField(fields: readonly FormField[], fieldId: string, direction: -1 | 1): FormField[] {
  const sorted = sortByOrder(fields);
  const index = sorted.findIndex((field) => field.id === fieldId);
  if (index === -1) return renumber(sorted);
  return reorderField(sorted, index, index + direction);
}

/**
 * Drag reorder: the field at `fromIndex` ends up at `toIndex` of the resulting list (both
 * clamped to the list); every field is renumbered.
 */
export function reorderField(fields: readonly FormField[], fromIndex: number, toIndex: number): FormField[] {
  const sorted = sortByOrder(fields);
  const [moved] = fromIndex >= 0 && fromIndex < sorted.length ? sorted.splice(fromIndex, 1) : [];
  if (!moved) return renumber(sorted);
  const target = Math.min(Math.max(toIndex, 0), sorted.length);
  sorted.splice(target, 0, moved);
  return renumber(sorted);
}

/**
 * Where a dragged field lands when dropped on the upper or lower half of the row at
 * `overIndex`, as the `toIndex` of `reorderField` (which counts after the field is taken out).
 */
export function dropTargetIndex(fromIndex: number, overIndex: number, placement: 'before' | 'after'): number {
  const insertBefore = placement === 'before' ? overIndex : overIndex + 1;
  return insertBefore > fromIndex ? insertBefore - 1 : insertBefore;
}

/** The edit dialog's result replaces the field with the same id, keeping its place. */
export function replaceField(fields: readonly FormField[], updated: FormField): FormField[] {
  return renumber(
    sortByOrder(fields).map((field) => (field.id === updated.id ? { ...updated, order: field.order } : field)),
  );
}

/**
 * Which field's region the entry viewer shows: the field that last took focus in the entry form
 * (Tab, a click, the first field on a new image), placed on the page as the viewer shows it (see
 * regionView.ts: turned as the sample is shown, then moved by the image's shift). Focus leaving the
 * fields (for Submit, say) keeps the last region on screen. 'Whole page' sets it aside until
 * toggled back; a field without a region shows the whole page as before.
 */
import type { FieldRegion, FormField } from '@formscribe/common/fields';
import { useCallback, useEffect, useState } from 'react';
import { regionAsShown, type Shift } from './regionView.ts';

export interface RegionFocus {
  fieldId: string;
  label: string;
  /** On this image as shown (turned by its rotation): where the viewer highlights the field. */
  region: FieldRegion;
}

export interface RegionFocusState {
  /** What the viewer should frame, or null for the whole page. */
  focus: RegionFocus | null;
  /** The form has at least one region (else nothing about regions is shown). */
  hasRegions: boolean;
  wholePage: boolean;
  toggleWholePage: () => void;
  showWholePage: () => void;
}

/** The field id of an element inside the entry form, if it is (in) a field. */
function entryFieldIdOf(target: EventTarget | null): string | undefined {
  if (!(target instanceof Element)) return undefined;
  return target.closest('[data-entry-form] [data-field-id]')?.getAttribute('data-field-id') ?? undefined;
}

/**
 * `sampleRotation`: how the sample the boxes were drawn on is turned when shown; undefined while
 * it is not known, when no box is placed yet rather than one in the wrong place.
 */
export function useRegionFocus(
  fields: readonly FormField[],
  shift: Shift | null | undefined,
  sampleRotation: number | undefined,
): RegionFocusState {
  const [fieldId, setFieldId] = useState<string | undefined>(() => entryFieldIdOf(document.activeElement));
  const [wholePage, setWholePage] = useState(false);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const id = entryFieldIdOf(event.target);
      if (id) setFieldId(id);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  const field = fields.find((candidate) => candidate.id === fieldId);
  const focus =
    !wholePage && field?.region && sampleRotation !== undefined
      ? { fieldId: field.id, label: field.label, region: regionAsShown(field.region, sampleRotation, shift) }
      : null;

  return {
    focus,
    hasRegions: fields.some((candidate) => candidate.region),
    wholePage,
    toggleWholePage: useCallback(() => setWholePage((current) => !current), []),
    showWholePage: useCallback(() => setWholePage(true), []),
  };
}

/**
 * The builder's working copy of a form's fields and its autosave (spec sections 4 and 9):
 * saved with PATCH {fields} 2000 ms after the last change, never while a drag is under way,
 * at once on Save Now. A failed save keeps the edits (and says so); nothing is thrown away
 * until the server has it.
 */

import type { FormField } from '@formscribe/common/fields';
import type { FormResponse, UpdateFormResponse } from '@formscribe/common/schemas/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUpdateForm } from '../../../api/forms.ts';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { errorText } from '../../../i18n/serverMessages.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { sortByOrder } from './fieldListEdits.ts';
import { ruleBreaksNotice } from './ruleBreaksNotice.ts';
import { forgetUnsavedFields, rememberUnsavedFields, unsavedFieldsOf } from './unsavedFields.ts';

export const AUTOSAVE_DELAY_MS = 2000;

/** A failed save keeps the edits; the owner hears why (in the language in use when it failed). */
function tellSaveFailed(error: unknown): void {
  showToast({
    title: currentTranslator().t('owner.fields.saveError'),
    description: errorText(error),
    variant: 'destructive',
  });
}

interface Draft {
  fields: FormField[];
  /** Counts edits; a save carries the revision it sent, so later edits are never marked saved. */
  revision: number;
}

export interface FieldsDraft {
  fields: FormField[];
  /** Applies one edit (a pure function of the current list) and restarts the autosave timer. */
  edit: (change: (fields: FormField[]) => FormField[]) => void;
  saveNow: () => void;
  isSaving: boolean;
  hasUnsavedChanges: boolean;
  lastSavedAt: Date | null;
  /** While true the autosave timer is held back; it restarts when the drag ends. */
  setDragging: (dragging: boolean) => void;
}

/** New rules that values already entered break: the owner hears how many, and that nothing changed. */
function tellRuleBreaks(saved: UpdateFormResponse): void {
  const notice = ruleBreaksNotice(saved.ruleBreaks, saved.fields);
  if (notice) showToast(notice);
}

export function useFieldsDraft(form: FormResponse): FieldsDraft {
  const formId = form.id;
  const { mutateAsync } = useUpdateForm(formId);

  // Edits left behind when the tab was closed before they were saved come back first.
  const [initial] = useState(() => {
    const unsaved = unsavedFieldsOf(formId);
    return { draft: { fields: sortByOrder(unsaved ?? form.fields), revision: unsaved ? 1 : 0 }, saved: 0 };
  });
  const [draft, setDraftState] = useState<Draft>(initial.draft);
  const [savedRevision, setSavedRevisionState] = useState(initial.saved);
  const [isSaving, setIsSaving] = useState(false);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  const [dragging, setDragging] = useState(false);

  // Timers and the unmount flush need the latest values without waiting for a render.
  const draftRef = useRef(draft);
  const savedRevisionRef = useRef(savedRevision);
  const inFlightRef = useRef(false);
  const saveAgainRef = useRef(false);

  const setDraft = useCallback((next: Draft) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);
  const setSavedRevision = useCallback((revision: number) => {
    savedRevisionRef.current = revision;
    setSavedRevisionState(revision);
  }, []);

  const hasUnsavedChanges = draft.revision !== savedRevision;

  const save = useCallback(async (): Promise<void> => {
    if (inFlightRef.current) {
      // One save at a time, so answers cannot arrive out of order; the newest list follows.
      saveAgainRef.current = true;
      return;
    }
    const { fields, revision } = draftRef.current;
    inFlightRef.current = true;
    setIsSaving(true);
    try {
      const saved = await mutateAsync({ fields });
      tellRuleBreaks(saved);
      setLastSavedAt(new Date());
      setSavedRevision(revision);
      // The server's copy is canonical (trimmed, renumbered); adopt it unless edits came since.
      if (draftRef.current.revision === revision) {
        setDraft({ fields: sortByOrder(saved.fields), revision });
        forgetUnsavedFields(formId);
      }
    } catch (error) {
      tellSaveFailed(error);
    } finally {
      inFlightRef.current = false;
      setIsSaving(false);
      if (saveAgainRef.current) {
        saveAgainRef.current = false;
        if (draftRef.current.revision !== savedRevisionRef.current) void save();
      }
    }
  }, [formId, mutateAsync, setDraft, setSavedRevision]);

  const edit = useCallback(
    (change: (fields: FormField[]) => FormField[]) => {
      const current = draftRef.current;
      setDraft({ fields: change(current.fields), revision: current.revision + 1 });
    },
    [setDraft],
  );

  const saveNow = useCallback(() => void save(), [save]);

  // The debounce: every edit (new revision) restarts the wait; a drag holds it back entirely.
  useEffect(() => {
    if (draft.revision === savedRevision || dragging) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.revision, savedRevision, dragging, save]);

  // Someone else's save (another tab, a refetch): take it, but only if nothing here is unsaved.
  useEffect(() => {
    if (draftRef.current.revision !== savedRevisionRef.current || inFlightRef.current) return;
    setDraft({ fields: sortByOrder(form.fields), revision: draftRef.current.revision });
  }, [form.fields, setDraft]);

  // Leaving the page with unsaved edits asks first.
  useEffect(() => {
    if (!hasUnsavedChanges && !isSaving) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedChanges, isSaving]);

  // Switching tabs or pages unmounts the builder: save what is pending right away, and keep a
  // copy until the server has it, so a failure there still finds the edits on the next visit.
  useEffect(
    () => () => {
      const { fields, revision } = draftRef.current;
      if (revision === savedRevisionRef.current) return;
      rememberUnsavedFields(formId, fields);
      mutateAsync({ fields }).then(
        (saved) => {
          forgetUnsavedFields(formId, fields);
          tellRuleBreaks(saved);
        },
        (error: unknown) => tellSaveFailed(error),
      );
    },
    [formId, mutateAsync],
  );

  return { fields: draft.fields, edit, saveNow, isSaving, hasUnsavedChanges, lastSavedAt, setDragging };
}

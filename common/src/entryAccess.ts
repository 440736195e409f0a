/** Whether data entry is open on a form for one person, decided alike by the server and the live client. */
import type { EntryClosedReason } from './schemas/submission.ts';

export interface EntrySwitches {
  isActive: boolean;
  dataEntryActive: boolean;
}

/** Why the person may not enter data on this form now (first reason wins), or null when they may. */
export function entryClosedReason(form: EntrySwitches, isBlocked: boolean): EntryClosedReason | null {
  if (isBlocked) return 'blocked';
  if (!form.isActive) return 'formInactive';
  if (!form.dataEntryActive) return 'dataEntryPaused';
  return null;
}

import type { FormListItem } from '@formscribe/common/schemas/form';

export interface DashboardSections {
  /** The user's own forms that are on show (inactive ones only when asked for). */
  myForms: FormListItem[];
  /** Forms of others the user takes part in, active or not. */
  sharedForms: FormListItem[];
  ownFormCount: number;
  /** Whether the Show/Hide Disabled Forms toggle has anything to do. */
  hasDisabledOwnForms: boolean;
}

/** Splits GET /api/forms into My Forms and Shared With Me; disabled own forms are hidden by default. */
export function dashboardSections(forms: readonly FormListItem[], showDisabled: boolean): DashboardSections {
  const ownForms = forms.filter((form) => form.isOwner);
  return {
    myForms: showDisabled ? ownForms : ownForms.filter((form) => form.isActive),
    sharedForms: forms.filter((form) => !form.isOwner),
    ownFormCount: ownForms.length,
    hasDisabledOwnForms: ownForms.some((form) => !form.isActive),
  };
}

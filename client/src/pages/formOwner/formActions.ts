import type { MessageKey } from '../../i18n/messageKeys.ts';

/**
 * The Actions menu's four content actions (spec section 2): shown only when the form has at
 * least one field and one image, and only once the feature behind each one works. Flip a flag
 * when its issue lands and give FormOwnerHeader's `runContentAction` its handler.
 */
export const CONTENT_ACTIONS = [
  { key: 'dataEntry', label: 'owner.contentAction.dataEntry' },
  { key: 'exportData', label: 'owner.contentAction.exportData' },
  { key: 'share', label: 'owner.contentAction.share' },
  { key: 'sendProgressEmail', label: 'owner.contentAction.sendProgressEmail' },
] as const satisfies ReadonlyArray<{ key: string; label: MessageKey }>;

export type ContentActionKey = (typeof CONTENT_ACTIONS)[number]['key'];

export const ENABLED_CONTENT_ACTIONS: Record<ContentActionKey, boolean> = {
  /** Goes to /forms/{id}/entry. */
  dataEntry: true,
  /** Opens the export choice (Export All Data, Export Not Yet Exported). */
  exportData: true,
  /** Opens the Share Form dialog (invite links). */
  share: true,
  /** Opens the Send Progress Email dialog (campaigns/EmailCampaignDialog). */
  sendProgressEmail: true,
};

/** The content actions to list for a form with these counts. */
export function visibleContentActions(
  fieldCount: number,
  imageCount: number,
  enabled: Record<ContentActionKey, boolean> = ENABLED_CONTENT_ACTIONS,
) {
  if (fieldCount < 1 || imageCount < 1) return [];
  return CONTENT_ACTIONS.filter((action) => enabled[action.key]);
}

/**
 * The Send Progress Email dialog's state and the rules over it (spec sections 5 and 9): the
 * default subject and audience, Send only with a subject and a sender, recipients sent only for
 * the custom audience, and dates that may be cleared.
 */
import { errorStatusCode, extractServerMessage } from '@formscribe/common/errorMessages';
import type { Translator } from '@formscribe/common/i18n/translator';
import type {
  CampaignAudience,
  CampaignPreviewRequest,
  CreateCampaignRequest,
} from '@formscribe/common/schemas/campaigns';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { errorText, translateServerMessage } from '../../../i18n/serverMessages.ts';

export interface CampaignDraft {
  subject: string;
  senderName: string;
  personalNote: string;
  targetUserTypes: CampaignAudience;
  selectedUserIds: number[];
  includeMetrics: boolean;
  /** YYYY-MM-DD from a date input, '' when cleared. */
  metricsDateStart: string;
  metricsDateEnd: string;
}

export const audienceOptions = (
  t: Translator<MessageKey>['t'],
): ReadonlyArray<{ value: CampaignAudience; label: string }> => [
  { value: 'all', label: t('ownerTabs.campaign.audienceAll') },
  { value: 'invited', label: t('ownerTabs.campaign.audienceInvited') },
  { value: 'contributors', label: t('ownerTabs.campaign.audienceContributors') },
  { value: 'custom', label: t('ownerTabs.campaign.audienceCustom') },
];

export function initialDraft(formName: string, senderName = ''): CampaignDraft {
  return {
    // The spec's default subject (common's defaultCampaignSubject) in the owner's language.
    subject: currentTranslator().t('ownerTabs.campaign.defaultSubject', { formName }),
    senderName,
    personalNote: '',
    targetUserTypes: 'all',
    selectedUserIds: [],
    includeMetrics: true,
    metricsDateStart: '',
    metricsDateEnd: '',
  };
}

/** Send needs a subject and a sender that are more than spaces. */
export function hasSubjectAndSender(draft: CampaignDraft): boolean {
  return draft.subject.trim() !== '' && draft.senderName.trim() !== '';
}

/** A custom audience needs someone chosen; the others always name their people. */
export function hasAudience(draft: CampaignDraft): boolean {
  return draft.targetUserTypes !== 'custom' || draft.selectedUserIds.length > 0;
}

export function previewBody(draft: CampaignDraft): CampaignPreviewRequest {
  return {
    targetUserTypes: draft.targetUserTypes,
    ...(draft.targetUserTypes === 'custom' ? { selectedUserIds: draft.selectedUserIds } : {}),
    metricsDateStart: draft.metricsDateStart || null,
    metricsDateEnd: draft.metricsDateEnd || null,
  };
}

export function campaignBody(draft: CampaignDraft): CreateCampaignRequest {
  return {
    subject: draft.subject.trim(),
    senderName: draft.senderName.trim(),
    personalNote: draft.personalNote.trim() || null,
    includeMetrics: draft.includeMetrics,
    ...previewBody(draft),
  };
}

export function toggleRecipient(draft: CampaignDraft, userId: number, chosen: boolean): CampaignDraft {
  const others = draft.selectedUserIds.filter((id) => id !== userId);
  return { ...draft, selectedUserIds: chosen ? [...others, userId] : others };
}

export function sentDescription(sentCount: number): string {
  return currentTranslator().t('ownerTabs.campaign.sent', { count: sentCount });
}

/**
 * The failure toast's text: the server's own words for a refusal the owner can act on (the daily
 * limit, nobody to send to, a bad date), else the spec's normalised message; both in the reader's language.
 */
export function campaignErrorText(error: unknown): string {
  const status = errorStatusCode(error);
  if (status === 400 || status === 429) return translateServerMessage(extractServerMessage(error)) || errorText(error);
  return errorText(error);
}

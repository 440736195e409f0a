import { css } from '@emotion/react';
import type { CampaignPreviewResponse } from '@formscribe/common/schemas/campaigns';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';

const panelStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1rem;
  background: ${theme.colors.surfaceMuted};
  border-radius: ${theme.radii.small};
  font-size: ${theme.fontSizes.small};
  h3 {
    margin: 0;
    font-size: ${theme.fontSizes.body};
  }
  ul {
    margin: 0;
    padding-inline-start: 1.25rem;
  }
`;

function rangeText(
  { start, end }: CampaignPreviewResponse['metrics']['dateRange'],
  { t, date }: ReturnType<typeof useT>,
): string {
  // Days (YYYY-MM-DD) are calendar days, not instants: read and shown in UTC so none shifts.
  const day = (value: string) => date(value, { dateStyle: 'medium', timeZone: 'UTC' });
  if (start && end) return t('ownerTabs.campaign.rangeBetween', { start: day(start), end: day(end) });
  if (start) return t('ownerTabs.campaign.rangeSince', { start: day(start) });
  if (end) return t('ownerTabs.campaign.rangeUntil', { end: day(end) });
  return t('ownerTabs.campaign.rangeAllTime');
}

/** What a preview found: how many people it reaches (the first of them by name) and the figures. */
export function CampaignPreviewPanel({
  preview,
  includeMetrics,
}: {
  preview: CampaignPreviewResponse;
  includeMetrics: boolean;
}) {
  const translator = useT();
  const { t, number } = translator;
  const { metrics, recipients, totalRecipients } = preview;
  const unlisted = totalRecipients - recipients.length;
  return (
    <section css={panelStyles} aria-label={t('ownerTabs.campaign.previewLabel')}>
      <h3>{t('ownerTabs.campaign.recipientCount', { count: totalRecipients })}</h3>
      {recipients.length > 0 && (
        <ul>
          {recipients.map((recipient) => (
            <li key={recipient.id}>
              {recipient.name
                ? t('ownerTabs.nameWithDetail', { name: recipient.name, detail: recipient.email })
                : recipient.email}
            </li>
          ))}
          {unlisted > 0 && <li>{t('ownerTabs.andMore', { count: unlisted })}</li>}
        </ul>
      )}
      {includeMetrics && (
        <>
          <h3>{t('ownerTabs.campaign.metrics', { range: rangeText(metrics.dateRange, translator) })}</h3>
          <ul>
            <li>
              {t('ownerTabs.campaign.completion', {
                percent: number(metrics.completionPercentage / 100, { style: 'percent', maximumFractionDigits: 2 }),
                completed: metrics.completedImages,
                total: metrics.totalImages,
              })}
            </li>
            <li>{t('ownerTabs.users.contributorCount', { count: metrics.contributorCount })}</li>
            <li>{t('ownerTabs.users.submissionCount', { count: metrics.submissionCount })}</li>
            <li>{t('ownerTabs.campaign.newImages', { count: metrics.newImagesAdded })}</li>
          </ul>
        </>
      )}
    </section>
  );
}

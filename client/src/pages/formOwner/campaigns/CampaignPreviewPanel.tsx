import { css } from '@emotion/react';
import { countText } from '@formscribe/common/countText';
import type { CampaignPreviewResponse } from '@formscribe/common/schemas/campaigns';
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
    padding-left: 1.25rem;
  }
`;

function rangeText({ start, end }: CampaignPreviewResponse['metrics']['dateRange']): string {
  if (start && end) return `${start} to ${end}`;
  if (start) return `since ${start}`;
  if (end) return `up to ${end}`;
  return 'all time';
}

/** What a preview found: how many people it reaches (the first of them by name) and the figures. */
export function CampaignPreviewPanel({
  preview,
  includeMetrics,
}: {
  preview: CampaignPreviewResponse;
  includeMetrics: boolean;
}) {
  const { metrics, recipients, totalRecipients } = preview;
  const unlisted = totalRecipients - recipients.length;
  return (
    <section css={panelStyles} aria-label="Campaign preview">
      <h3>{countText(totalRecipients, 'recipient')}</h3>
      {recipients.length > 0 && (
        <ul>
          {recipients.map((recipient) => (
            <li key={recipient.id}>{recipient.name ? `${recipient.name} (${recipient.email})` : recipient.email}</li>
          ))}
          {unlisted > 0 && <li>and {unlisted} more</li>}
        </ul>
      )}
      {includeMetrics && (
        <>
          <h3>Metrics ({rangeText(metrics.dateRange)})</h3>
          <ul>
            <li>
              {metrics.completionPercentage}% complete ({metrics.completedImages} of{' '}
              {countText(metrics.totalImages, 'image')})
            </li>
            <li>{countText(metrics.contributorCount, 'contributor')}</li>
            <li>{countText(metrics.submissionCount, 'submission')}</li>
            <li>{countText(metrics.newImagesAdded, 'new image')} added</li>
          </ul>
        </>
      )}
    </section>
  );
}

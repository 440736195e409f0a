import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { theme } from '../../../theme/theme.ts';
import { DeferredCard } from './DeferredCard.tsx';
import { RecentImages } from './RecentImages.tsx';
import { RecentlyCompletedImages } from './RecentlyCompletedImages.tsx';
import { RecentSubmissions } from './RecentSubmissions.tsx';
import { RecentUsers } from './RecentUsers.tsx';
import { StatCards } from './StatCards.tsx';
import { TopContributors } from './TopContributors.tsx';

const tabStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const columnsStyles = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: 1.25rem;
  align-items: start;
  ${theme.media.desktop} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/**
 * The owner page's default tab: the form's figures, who contributes, and what happened lately.
 * Everything here follows the form live (the page watches it; see useLiveForm). The cards under
 * the figures mount when seen or when the page is idle (DeferredCard).
 */
export function DashboardTab({ form }: { form: FormResponse }) {
  return (
    <div css={tabStyles}>
      <StatCards formId={form.id} />
      <div css={columnsStyles}>
        <DeferredCard section="topContributors">
          <TopContributors formId={form.id} />
        </DeferredCard>
        <DeferredCard section="recentSubmissions">
          <RecentSubmissions formId={form.id} />
        </DeferredCard>
        <DeferredCard section="recentlyCompletedImages">
          <RecentlyCompletedImages />
        </DeferredCard>
        <DeferredCard section="recentUsers">
          <RecentUsers formId={form.id} />
        </DeferredCard>
      </div>
      <DeferredCard section="recentImages">
        <RecentImages formId={form.id} />
      </DeferredCard>
    </div>
  );
}

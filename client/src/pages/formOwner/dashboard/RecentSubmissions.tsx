import { getRouteApi, Link } from '@tanstack/react-router';
import { useRecentSubmissions } from '../../../api/formStats.ts';
import { formatSubmittedAt, submitterName } from '../../../components/submissionsList/submissionDisplay.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { FORM_OWNER_ROUTE_ID } from '../formOwnerSearch.ts';
import { DashboardSection, SectionContent } from './DashboardSection.tsx';
import { itemMetaStyles, itemTextStyles, itemTitleStyles, recentListStyles } from './dashboardListStyles.ts';

const routeApi = getRouteApi(FORM_OWNER_ROUTE_ID);

/** The five newest submissions; 'View All' opens the Data tab's Submissions sub-tab. */
export function RecentSubmissions({ formId }: { formId: number }) {
  const submissions = useRecentSubmissions(formId);
  const navigate = routeApi.useNavigate();

  function viewAll() {
    void navigate({ search: { tab: 'data', view: 'submissions' }, replace: true });
  }

  return (
    <DashboardSection
      title="Recent Submissions"
      action={
        <Button variant="ghost" onClick={viewAll}>
          View All
        </Button>
      }
    >
      <SectionContent
        query={submissions}
        what="recent submissions"
        isEmpty={(list) => list.length === 0}
        empty="No submissions yet."
      >
        {(list) => (
          <ul css={recentListStyles} aria-label="Recent Submissions">
            {list.map((submission) => (
              <li key={submission.id}>
                <div css={itemTextStyles}>
                  <Link
                    to="/submissions/$submissionId"
                    params={{ submissionId: String(submission.id) }}
                    css={itemTitleStyles}
                  >
                    {submitterName(submission)}
                  </Link>
                  <span css={itemMetaStyles}>
                    {submission.image?.originalName ?? `Image #${submission.imageId}`} ·{' '}
                    <time dateTime={submission.submittedAt}>{formatSubmittedAt(submission.submittedAt)}</time>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </SectionContent>
    </DashboardSection>
  );
}

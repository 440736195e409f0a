import { getRouteApi, Link } from '@tanstack/react-router';
import { useRecentSubmissions } from '../../../api/formStats.ts';
import { formatSubmittedAt, submitterName } from '../../../components/submissionsList/submissionDisplay.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useT } from '../../../i18n/useT.ts';
import { FORM_OWNER_ROUTE_ID } from '../formOwnerSearch.ts';
import { DashboardSection, SectionContent } from './DashboardSection.tsx';
import { itemMetaStyles, itemTextStyles, itemTitleStyles, recentListStyles } from './dashboardListStyles.ts';

const routeApi = getRouteApi(FORM_OWNER_ROUTE_ID);

/** The five newest submissions; 'View All' opens the Data tab's Submissions sub-tab. */
export function RecentSubmissions({ formId }: { formId: number }) {
  const { t } = useT();
  const submissions = useRecentSubmissions(formId);
  const navigate = routeApi.useNavigate();

  function viewAll() {
    void navigate({ search: { tab: 'data', view: 'submissions' }, replace: true });
  }

  return (
    <DashboardSection
      section="recentSubmissions"
      action={
        <Button variant="ghost" onClick={viewAll}>
          {t('progress.dashboard.viewAll')}
        </Button>
      }
    >
      <SectionContent
        query={submissions}
        section="recentSubmissions"
        isEmpty={(list) => list.length === 0}
        empty={t('progress.dashboard.noSubmissions')}
      >
        {(list) => (
          <ul css={recentListStyles} aria-label={t('progress.dashboard.section', { section: 'recentSubmissions' })}>
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
                    {submission.image?.originalName ??
                      t('progress.submission.imageNumber', { number: submission.imageId })}{' '}
                    · <time dateTime={submission.submittedAt}>{formatSubmittedAt(submission.submittedAt)}</time>
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

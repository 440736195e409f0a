import { css } from '@emotion/react';
import { errorStatusCode } from '@formscribe/common/errorMessages';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useForm } from '../../api/forms.ts';
import { useSubmission } from '../../api/submissions.ts';
import {
  confidenceText,
  formatSubmittedAt,
  STATUS_BADGE_TONES,
  submitterName,
} from '../../components/submissionsList/submissionDisplay.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { theme } from '../../theme/theme.ts';
import { parseRouteId } from '../routeIds.ts';
import { SubmissionImage } from './SubmissionImage.tsx';
import { SubmittedData } from './SubmittedData.tsx';

const routeApi = getRouteApi('/signed-in/submissions/$submissionId');

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

const columnsStyles = css`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: minmax(0, 1fr);
  ${theme.media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

const metaStyles = css`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0.5rem 1rem;
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.small};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const badgesStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const panelStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 4rem 1rem;
  text-align: center;
`;

/** /submissions/{id}: one submission, read-only, for the form's managers (and the person who made it). */
export function SubmissionDetailPage() {
  const { submissionId: raw } = routeApi.useParams();
  const submissionId = parseRouteId(raw);
  if (submissionId === null) return <SubmissionNotFound />;
  return <SubmissionDetail key={submissionId} submissionId={submissionId} />;
}

function SubmissionDetail({ submissionId }: { submissionId: number }) {
  const { data: submission, isPending, isError, error, refetch } = useSubmission(submissionId);
  if (isPending) return <CentredSpinner label="Loading submission" />;
  if (isError) {
    const status = errorStatusCode(error);
    if (status === 404 || status === 403 || status === 400) return <SubmissionNotFound />;
    return (
      <div css={panelStyles}>
        <InlineAlert tone="error">We couldn't load this submission. Please try again.</InlineAlert>
        <Button onClick={() => void refetch()}>Try Again</Button>
      </div>
    );
  }
  return <SubmissionView submission={submission} />;
}

/**
 * Managers go back to the form's submissions; the contributor who made the entry cannot open that
 * list (Access Denied), so they go back to the form's data entry. Shown once it is known which.
 */
function BackLink({ formId }: { formId: number }) {
  const canManage = useForm(formId).data?.canManage;
  if (canManage === undefined) return null;
  const params = { formId: String(formId) };
  return canManage ? (
    <Link to="/forms/$formId/submissions" params={params} css={buttonStyles('secondary')}>
      Back to Submissions
    </Link>
  ) : (
    <Link to="/forms/$formId/entry" params={params} css={buttonStyles('secondary')}>
      Back to Data Entry
    </Link>
  );
}

function SubmissionView({ submission }: { submission: SubmissionResponse }) {
  const imageName = submission.image?.originalName ?? `Image #${submission.imageId}`;
  return (
    <div css={pageStyles}>
      <PageHeader
        title={<PageTitle>Submission Details</PageTitle>}
        subtitle={submission.form?.name}
        action={<BackLink formId={submission.formId} />}
      />
      <div css={columnsStyles}>
        <Card>
          {submission.image ? (
            <SubmissionImage src={submission.image.publicUrl} alt={imageName} />
          ) : (
            <CardText>The image of this submission is no longer available.</CardText>
          )}
        </Card>
        <div css={pageStyles}>
          <Card aria-label="Submission information">
            <div css={badgesStyles}>
              <Badge tone={STATUS_BADGE_TONES[submission.status]}>{submission.status}</Badge>
              {submission.confidence !== null && <Badge tone="neutral">{confidenceText(submission.confidence)}</Badge>}
            </div>
            <dl css={metaStyles}>
              <dt>Submitted by</dt>
              <dd>{submitterName(submission)}</dd>
              <dt>Submitted at</dt>
              <dd>
                <time dateTime={submission.submittedAt}>{formatSubmittedAt(submission.submittedAt)}</time>
              </dd>
              <dt>Image name</dt>
              <dd>{imageName}</dd>
              {submission.notes && (
                <>
                  <dt>Notes</dt>
                  <dd>{submission.notes}</dd>
                </>
              )}
            </dl>
          </Card>
          <SubmittedData fields={submission.form?.fields ?? []} data={submission.data} />
        </div>
      </div>
    </div>
  );
}

function SubmissionNotFound() {
  return (
    <section css={panelStyles}>
      <PageTitle>Submission not found</PageTitle>
      <CardText>The submission may have been deleted, or you may not have access to it.</CardText>
      <Link to="/" css={buttonStyles('primary')}>
        Back to Forms
      </Link>
    </section>
  );
}

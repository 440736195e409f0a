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
  statusText,
  submissionImageName,
  submitterName,
} from '../../components/submissionsList/submissionDisplay.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
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
  const { t } = useT();
  const { data: submission, isPending, isError, error, refetch } = useSubmission(submissionId);
  if (isPending) return <CentredSpinner label={t('progress.detail.loading')} />;
  if (isError) {
    const status = errorStatusCode(error);
    if (status === 404 || status === 403 || status === 400) return <SubmissionNotFound />;
    return (
      <div css={panelStyles}>
        <InlineAlert tone="error">{t('progress.detail.loadFailed')}</InlineAlert>
        <Button onClick={() => void refetch()}>{t('progress.submissions.tryAgain')}</Button>
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
  const { t } = useT();
  const canManage = useForm(formId).data?.canManage;
  if (canManage === undefined) return null;
  const params = { formId: String(formId) };
  return canManage ? (
    <Link to="/forms/$formId/submissions" params={params} css={buttonStyles('secondary')}>
      {t('progress.detail.backToSubmissions')}
    </Link>
  ) : (
    <Link to="/forms/$formId/entry" params={params} css={buttonStyles('secondary')}>
      {t('progress.detail.backToDataEntry')}
    </Link>
  );
}

function SubmissionView({ submission }: { submission: SubmissionResponse }) {
  const words = useT();
  const { t } = words;
  const imageName = submissionImageName(submission, words);
  return (
    <div css={pageStyles}>
      <PageHeader
        title={<PageTitle>{t('progress.detail.title')}</PageTitle>}
        subtitle={submission.form?.name}
        action={<BackLink formId={submission.formId} />}
      />
      <div css={columnsStyles}>
        <Card>
          {submission.image ? (
            <SubmissionImage src={submission.image.publicUrl} alt={imageName} />
          ) : (
            <CardText>{t('progress.detail.imageGone')}</CardText>
          )}
        </Card>
        <div css={pageStyles}>
          <Card aria-label={t('progress.detail.infoLabel')}>
            <div css={badgesStyles}>
              <Badge tone={STATUS_BADGE_TONES[submission.status]}>{statusText(submission.status, words)}</Badge>
              {submission.confidence !== null && (
                <Badge tone="neutral">{confidenceText(submission.confidence, words)}</Badge>
              )}
            </div>
            <dl css={metaStyles}>
              <dt>{t('progress.detail.submittedBy')}</dt>
              <dd>{submitterName(submission, words)}</dd>
              <dt>{t('progress.detail.submittedAt')}</dt>
              <dd>
                <time dateTime={submission.submittedAt}>{formatSubmittedAt(submission.submittedAt, words)}</time>
              </dd>
              <dt>{t('progress.detail.imageName')}</dt>
              <dd>{imageName}</dd>
              {submission.notes && (
                <>
                  <dt>{t('progress.detail.notes')}</dt>
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
  const { t } = useT();
  return (
    <section css={panelStyles}>
      <PageTitle>{t('progress.detail.notFound')}</PageTitle>
      <CardText>{t('progress.detail.mayBeGone')}</CardText>
      <Link to="/" css={buttonStyles('primary')}>
        {t('progress.submissions.backToForms')}
      </Link>
    </section>
  );
}

import { css } from '@emotion/react';
import { errorStatusCode } from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useForm } from '../../api/forms.ts';
import { SubmissionsList } from '../../components/submissionsList/SubmissionsList.tsx';
import { useSubmissionsList } from '../../components/submissionsList/useSubmissionsList.ts';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { CardText, PageTitle } from '../../components/ui/Card.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { parseRouteId } from '../routeIds.ts';

const routeApi = getRouteApi('/signed-in/forms/$formId/submissions');

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const panelStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 3rem 1rem;
  text-align: center;
`;

/** /forms/{id}/submissions: every submission of a form, for its managers. */
export function FormSubmissionsPage() {
  const { formId: raw } = routeApi.useParams();
  const formId = parseRouteId(raw);
  if (formId === null) return <SubmissionsUnavailable forbidden={false} />;
  return <FormSubmissions key={formId} formId={formId} />;
}

function FormSubmissions({ formId }: { formId: number }) {
  const { t } = useT();
  const form = useForm(formId);
  const list = useSubmissionsList(formId);
  const heading = useRef<HTMLHeadingElement>(null);

  if (list.submissions.isError) {
    const status = errorStatusCode(list.submissions.error);
    if (status === 403 || status === 404) return <SubmissionsUnavailable forbidden={status === 403} />;
  }

  return (
    <div css={pageStyles}>
      <PageHeader
        title={
          // Focusable from script only: where focus lands after a deleted item's buttons are gone.
          <PageTitle ref={heading} tabIndex={-1} css={{ '&:focus': { outline: 'none' } }}>
            {t('progress.submissions.pageTitle')}
          </PageTitle>
        }
        subtitle={form.data?.name}
        action={
          <Link
            to="/forms/$formId"
            params={{ formId: String(formId) }}
            search={{ tab: 'data' }}
            css={buttonStyles('secondary')}
          >
            {t('progress.submissions.backToForm')}
          </Link>
        }
      />
      <SubmissionsList list={list} focusAfterDelete={heading} variant="page" />
    </div>
  );
}

/** The API's 404 (no such form, or not visible) or 403 (visible, but not managed by this user). */
function SubmissionsUnavailable({ forbidden }: { forbidden: boolean }) {
  const { t } = useT();
  return (
    <section css={panelStyles}>
      <PageTitle>
        {forbidden ? t('progress.submissions.accessDenied') : translateServerMessage(MESSAGES.formNotFound)}
      </PageTitle>
      <CardText>
        {forbidden ? t('progress.submissions.noPermission') : t('progress.submissions.formMayBeGone')}
      </CardText>
      <Link to="/" css={buttonStyles('primary')}>
        {t('progress.submissions.backToForms')}
      </Link>
    </section>
  );
}

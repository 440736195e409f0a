import { css } from '@emotion/react';
import { useRef } from 'react';
import { SubmissionsList } from '../../../components/submissionsList/SubmissionsList.tsx';
import { useSubmissionsList } from '../../../components/submissionsList/useSubmissionsList.ts';
import { visuallyHidden } from '../../../components/ui/visuallyHidden.ts';
import { useT } from '../../../i18n/useT.ts';

const viewStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

/** The Submissions sub-tab: every entry, 10 a page, searchable by username or image name. */
export function SubmissionsView({ formId }: { formId: number }) {
  const { t } = useT();
  const list = useSubmissionsList(formId);
  // Where focus goes after a delete, once the deleted card (and its buttons) are gone.
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <div css={viewStyles}>
      <h2 ref={heading} tabIndex={-1} css={visuallyHidden}>
        {t('ownerTabs.data.submissions')}
      </h2>
      <SubmissionsList list={list} focusAfterDelete={heading} variant="tab" />
    </div>
  );
}

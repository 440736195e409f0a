import { css } from '@emotion/react';
import { displayName } from '@formscribe/common/displayName';
import { useRecentUsers } from '../../../api/formStats.ts';
import { useT } from '../../../i18n/useT.ts';
import { BlockedBadge } from '../users/BlockedBadge.tsx';
import { formatActivity, submissionCountText } from '../users/userDisplay.ts';
import { DashboardSection, SectionContent } from './DashboardSection.tsx';
import { itemMetaStyles, itemTextStyles, itemTitleStyles, recentListStyles } from './dashboardListStyles.ts';

const titleRowStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
`;

/** The five people most recently active on the form (its creator not included). */
export function RecentUsers({ formId }: { formId: number }) {
  const { t } = useT();
  const users = useRecentUsers(formId);
  return (
    <DashboardSection section="recentUsers">
      <SectionContent
        query={users}
        section="recentUsers"
        isEmpty={(list) => list.length === 0}
        empty={t('progress.dashboard.noUsers')}
      >
        {(list) => (
          <ul css={recentListStyles} aria-label={t('progress.dashboard.section', { section: 'recentUsers' })}>
            {list.map((person) => (
              <li key={person.user.id}>
                <div css={itemTextStyles}>
                  <span css={titleRowStyles}>
                    <span css={itemTitleStyles}>{displayName(person.user)}</span>
                    {person.isBlocked && <BlockedBadge />}
                  </span>
                  <span css={itemMetaStyles}>{person.user.username}</span>
                  <span css={itemMetaStyles}>
                    {submissionCountText(person.submissions)}
                    {person.lastActivity && (
                      <>
                        {' · '}
                        <time dateTime={person.lastActivity}>{formatActivity(person.lastActivity)}</time>
                      </>
                    )}
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

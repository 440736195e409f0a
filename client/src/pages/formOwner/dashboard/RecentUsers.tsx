import { css } from '@emotion/react';
import { displayName } from '@formscribe/common/displayName';
import { useRecentUsers } from '../../../api/formStats.ts';
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
  const users = useRecentUsers(formId);
  return (
    <DashboardSection title="Recent Users">
      <SectionContent query={users} what="recent users" isEmpty={(list) => list.length === 0} empty="No users yet.">
        {(list) => (
          <ul css={recentListStyles} aria-label="Recent Users">
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

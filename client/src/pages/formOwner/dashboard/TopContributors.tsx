import { css } from '@emotion/react';
import { displayName } from '@formscribe/common/displayName';
import { useLeaderboard } from '../../../api/formStats.ts';
import { Badge } from '../../../components/ui/Badge.tsx';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { submissionCountText } from '../users/userDisplay.ts';
import { DashboardSection, SectionContent } from './DashboardSection.tsx';
import { medalForRank, showsLeaderBadge } from './leaderboardRules.ts';
import { MedalIcon } from './MedalIcon.tsx';

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const itemStyles = css`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 0.625rem;
  border-radius: ${theme.radii.small};
  &:nth-of-type(odd) {
    background: ${theme.colors.surfaceMuted};
  }
`;

const rankStyles = css`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 28px;
  color: ${theme.colors.textMuted};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

const nameStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  flex: 1;
  min-width: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const countStyles = css`
  flex: none;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

/** Who entered the most (leaderboard limit 5): medals for the top three, 'Leader' for the first of several. */
export function TopContributors({ formId }: { formId: number }) {
  const { t } = useT();
  const leaderboard = useLeaderboard(formId);
  return (
    <DashboardSection section="topContributors">
      <SectionContent
        query={leaderboard}
        section="topContributors"
        isEmpty={(entries) => entries.length === 0}
        empty={t('progress.dashboard.noContributors')}
      >
        {(entries) => (
          <ol css={listStyles} aria-label={t('progress.dashboard.section', { section: 'topContributors' })}>
            {entries.map((entry, index) => {
              const rank = index + 1;
              const medal = medalForRank(rank);
              return (
                <li key={entry.user.id} css={itemStyles}>
                  <span css={rankStyles}>
                    {medal ? (
                      <MedalIcon medal={medal} rank={rank} />
                    ) : (
                      <span aria-hidden>{t('progress.dashboard.rank', { rank })}</span>
                    )}
                  </span>
                  <span css={nameStyles}>
                    <span title={entry.user.username}>{displayName(entry.user)}</span>
                    {showsLeaderBadge(rank, entries.length) && (
                      <Badge tone="success">{t('progress.dashboard.leader')}</Badge>
                    )}
                  </span>
                  <span css={countStyles}>{submissionCountText(entry.submissionCount)}</span>
                </li>
              );
            })}
          </ol>
        )}
      </SectionContent>
    </DashboardSection>
  );
}

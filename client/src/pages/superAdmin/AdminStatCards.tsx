import { css } from '@emotion/react';
import type { AdminStats } from '@formscribe/common/schemas/admin';
import { cardSurfaceStyles } from '../../components/ui/Card.tsx';
import { CardGrid } from '../../components/ui/CardGrid.tsx';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const cardStyles = css`
  ${cardSurfaceStyles};
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  height: 100%;
  padding: 1rem 1.25rem;
  h2 {
    font-size: ${theme.fontSizes.small};
    font-weight: 600;
    color: ${theme.colors.textMuted};
  }
`;

const valueStyles = (tone: 'plain' | 'good' | 'bad') => css`
  font-size: ${theme.fontSizes.large};
  font-weight: 700;
  overflow-wrap: anywhere;
  color: ${tone === 'good' ? theme.colors.success : tone === 'bad' ? theme.colors.danger : theme.colors.text};
`;

function StatCard({ title, value, tone = 'plain' }: { title: string; value: string; tone?: 'plain' | 'good' | 'bad' }) {
  return (
    <li>
      <section css={cardStyles} aria-label={title}>
        <h2>{title}</h2>
        <p css={valueStyles(tone)}>{value}</p>
      </section>
    </li>
  );
}

/** Total Users, Total Forms, Active Forms and the measured System Status. */
export function AdminStatCards({ stats }: { stats: AdminStats | undefined }) {
  const { t, number } = useT();
  const count = (value: number | undefined) => (value === undefined ? '…' : number(value));
  return (
    <CardGrid minCardWidth="12rem" aria-label={t('progress.admin.statistics')}>
      <StatCard title={t('progress.admin.totalUsers')} value={count(stats?.totalUsers)} />
      <StatCard title={t('progress.admin.totalForms')} value={count(stats?.totalForms)} />
      <StatCard title={t('progress.admin.activeForms')} value={count(stats?.activeForms)} />
      <StatCard
        title={t('progress.admin.systemStatus')}
        value={stats ? translateServerMessage(stats.systemStatus) : '…'}
        tone={stats === undefined ? 'plain' : stats.healthy ? 'good' : 'bad'}
      />
    </CardGrid>
  );
}

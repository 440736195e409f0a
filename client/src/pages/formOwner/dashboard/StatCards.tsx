import { css } from '@emotion/react';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import type { ReactNode } from 'react';
import { useUserCount, useVerificationStats } from '../../../api/formStats.ts';
import { cardSurfaceStyles } from '../../../components/ui/Card.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { ProgressBar } from '../../../components/ui/ProgressBar.tsx';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';

const gridStyles = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const cardStyles = css`
  ${cardSurfaceStyles};
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  height: 100%;
  padding: 1.125rem 1.25rem;
  dl {
    margin: 0;
  }
  dd {
    margin: 0;
  }
`;

const figureStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
`;

const titleStyles = css`
  font-size: ${theme.fontSizes.small};
  font-weight: 600;
  color: ${theme.colors.textMuted};
`;

const valueStyles = css`
  font-size: 1.75rem;
  font-weight: 700;
  line-height: 1.2;
  font-variant-numeric: tabular-nums;
`;

const detailStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.375rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  dd {
    order: -1;
    font-weight: 600;
    color: ${theme.colors.text};
    font-variant-numeric: tabular-nums;
  }
`;

const PLACEHOLDER = '–';

interface StatCardProps {
  title: string;
  value: number | undefined;
  /** A secondary figure and its label, e.g. 40 'Field Verifications Needed'. */
  detail?: { label: string; value: number | undefined };
  /** Or a line saying what the figure counts. */
  caption?: string;
  children?: ReactNode;
}

function StatCard({ title, value, detail, caption, children }: StatCardProps) {
  const { number } = useT();
  const figure = (n: number | undefined) => (n === undefined ? PLACEHOLDER : number(n));
  return (
    <li css={cardStyles}>
      <dl css={figureStyles}>
        <dt css={titleStyles}>{title}</dt>
        <dd css={valueStyles}>{figure(value)}</dd>
      </dl>
      {detail && (
        // Read as "Field Verifications Needed: 40", shown as "40 Field Verifications Needed".
        <dl css={detailStyles}>
          <dt>{detail.label}</dt>
          <dd>{figure(detail.value)}</dd>
        </dl>
      )}
      {caption && <p css={detailStyles}>{caption}</p>}
      {children}
    </li>
  );
}

/**
 * The four figures at the top of the Dashboard tab (spec section 2). Verification stats arrive
 * live ('form:stats' writes them into the same query), so the cards follow data entry as it happens.
 */
export function StatCards({ formId }: { formId: number }) {
  const { t } = useT();
  const stats = useVerificationStats(formId);
  const userCount = useUserCount(formId);
  const s: Partial<VerificationStats> = stats.data ?? {};
  return (
    <>
      {stats.isError && <InlineAlert tone="error">{t('progress.stats.loadFailed')}</InlineAlert>}
      <ul css={gridStyles} aria-label={t('progress.stats.label')} aria-busy={stats.isPending}>
        <StatCard
          title={t('progress.stats.totalImages')}
          value={s.totalImages}
          detail={{ label: t('progress.stats.fieldVerificationsNeeded'), value: s.totalFieldVerificationsNeeded }}
        />
        <StatCard
          title={t('progress.stats.formUsers')}
          value={userCount.data}
          caption={t('progress.stats.contributors')}
        />
        <StatCard
          title={t('progress.stats.imagesCompleted')}
          value={s.completedImages}
          detail={{ label: t('progress.stats.verifiedFields'), value: s.completedFieldVerifications }}
        >
          {s.completionPercentage !== undefined && (
            <ProgressBar percent={s.completionPercentage} label={t('progress.stats.imagesCompletedBar')} />
          )}
        </StatCard>
        <StatCard
          title={t('progress.stats.imagesRemaining')}
          value={s.remainingImages}
          detail={{ label: t('progress.stats.fieldsToVerify'), value: s.remainingFieldVerifications }}
        />
      </ul>
    </>
  );
}

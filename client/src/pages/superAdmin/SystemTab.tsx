import { css } from '@emotion/react';
import type { AdminStats } from '@formscribe/common/schemas/admin';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardTitle } from '../../components/ui/Card.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { systemDisplayDefaults } from './superAdminDefaults.ts';

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.25rem 1rem;
    padding-bottom: 0.75rem;
    border-bottom: 1px solid ${theme.colors.border};
  }
  li:last-of-type {
    border-bottom: none;
    padding-bottom: 0;
  }
`;

const failingStyles = css`
  color: ${theme.colors.danger};
  font-weight: 600;
`;

interface SystemTabProps {
  stats: AdminStats | undefined;
  checking: boolean;
  onCheckAgain: () => void;
}

/** What System Status measured, part by part, and the platform defaults (shown, not editable). */
export function SystemTab({ stats, checking, onCheckAgain }: SystemTabProps) {
  const words = useT();
  const { t } = words;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '1rem' }}>
      <Card aria-label={t('progress.admin.systemChecks')}>
        <CardTitle>{t('progress.admin.systemChecks')}</CardTitle>
        {stats ? (
          <ul css={listStyles}>
            {stats.checks.map((check) => (
              <li key={check.name}>
                <span>
                  {translateServerMessage(check.label)}{' '}
                  {check.ok ? (
                    <Badge tone="success">{t('progress.admin.ok')}</Badge>
                  ) : (
                    <span css={failingStyles}>{t('progress.admin.failing')}</span>
                  )}
                </span>
                <MutedText as="span" breakAnywhere>
                  {translateServerMessage(check.detail)}
                </MutedText>
              </li>
            ))}
          </ul>
        ) : (
          <MutedText>{t('progress.admin.checkingNow')}</MutedText>
        )}
        <div>
          <Button variant="secondary" onClick={onCheckAgain} disabled={checking}>
            {checking ? t('progress.admin.checking') : t('progress.admin.checkAgain')}
          </Button>
          {stats && (
            <MutedText as="span">
              {' '}
              {t('progress.admin.lastChecked', { time: words.date(stats.checkedAt, { timeStyle: 'medium' }) })}
            </MutedText>
          )}
        </div>
      </Card>
      <Card aria-label={t('progress.admin.platformDefaults')}>
        <CardTitle>{t('progress.admin.platformDefaults')}</CardTitle>
        <ul css={listStyles}>
          {systemDisplayDefaults(words).map((item) => (
            <li key={item.label}>
              <span>{item.label}</span>
              <span>{item.value}</span>
            </li>
          ))}
        </ul>
        <MutedText>{t('progress.admin.ownLimitsNote')}</MutedText>
      </Card>
    </div>
  );
}

import { css } from '@emotion/react';
import type { AdminStats } from '@formscribe/common/schemas/admin';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardTitle } from '../../components/ui/Card.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { theme } from '../../theme/theme.ts';
import { SYSTEM_DISPLAY_DEFAULTS } from './superAdminDefaults.ts';

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
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '1rem' }}>
      <Card aria-label="System checks">
        <CardTitle>System checks</CardTitle>
        {stats ? (
          <ul css={listStyles}>
            {stats.checks.map((check) => (
              <li key={check.name}>
                <span>
                  {check.label} {check.ok ? <Badge tone="success">OK</Badge> : <span css={failingStyles}>Failing</span>}
                </span>
                <MutedText as="span" breakAnywhere>
                  {check.detail}
                </MutedText>
              </li>
            ))}
          </ul>
        ) : (
          <MutedText>Checking…</MutedText>
        )}
        <div>
          <Button variant="secondary" onClick={onCheckAgain} disabled={checking}>
            {checking ? 'Checking...' : 'Check Again'}
          </Button>
          {stats && <MutedText as="span"> Last checked {new Date(stats.checkedAt).toLocaleTimeString()}</MutedText>}
        </div>
      </Card>
      <Card aria-label="Platform defaults">
        <CardTitle>Platform defaults</CardTitle>
        <ul css={listStyles}>
          {SYSTEM_DISPLAY_DEFAULTS.map((item) => (
            <li key={item.label}>
              <span>{item.label}</span>
              <span>{item.value}</span>
            </li>
          ))}
        </ul>
        <MutedText>Each account's own limits are set in its Edit dialog on the Users tab.</MutedText>
      </Card>
    </div>
  );
}

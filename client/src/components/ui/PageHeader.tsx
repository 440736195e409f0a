import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';

const headerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0.75rem;
`;

const subtitleStyles = css`
  margin: 0.25rem 0 0;
  color: ${theme.colors.textMuted};
`;

interface PageHeaderProps {
  /** The page's heading element, passed whole so a page can make it a focus target. */
  title: ReactNode;
  /** Shown under the title once known (e.g. the form's name, which loads separately). */
  subtitle?: string | null;
  /** The way back, at the other end of the row. */
  action: ReactNode;
}

/** A page's title and subtitle with one action beside them, wrapping below on narrow screens. */
export function PageHeader({ title, subtitle, action }: PageHeaderProps) {
  return (
    <div css={headerStyles}>
      <div>
        {title}
        {subtitle && <p css={subtitleStyles}>{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}

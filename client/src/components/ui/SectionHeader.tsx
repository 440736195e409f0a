import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';

const headerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  h2 {
    font-size: ${theme.fontSizes.large};
  }
`;

interface SectionHeaderProps {
  /** The section's heading element, passed whole so the section can point aria-labelledby at it. */
  heading: ReactNode;
  /** Buttons or links at the other end of the row. */
  actions?: ReactNode;
  /** Lets a caller's css prop (a tighter gap, a smaller heading) reach the row. */
  className?: string;
}

/** A section's heading with its actions beside it, wrapping below on narrow screens. */
export function SectionHeader({ heading, actions, className }: SectionHeaderProps) {
  return (
    <div css={headerStyles} className={className}>
      {heading}
      {actions}
    </div>
  );
}

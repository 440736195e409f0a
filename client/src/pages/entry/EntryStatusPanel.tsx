import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { cardSurfaceStyles } from '../../components/ui/Card.tsx';
import { theme } from '../../theme/theme.ts';

const panelStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  max-width: 36rem;
  margin: 3rem auto;
  padding: 2.5rem 1.5rem;
  text-align: center;
  ${cardSurfaceStyles};
  h1 {
    font-size: ${theme.fontSizes.title};
  }
  p {
    color: ${theme.colors.textMuted};
  }
`;

const iconStyles = css`
  width: 2.75rem;
  height: 2.75rem;
  color: ${theme.colors.primary};
`;

export type StatusIcon = 'success' | 'warning' | 'search' | 'paused' | 'blocked';

/** Line icons drawn in the text colour (emoji fonts are missing on some systems). */
const ICON_PATHS: Record<StatusIcon, string> = {
  success: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20 M7.5 12.5l3 3l6-6.5',
  warning: 'M12 3L2 20h20L12 3z M12 10v4.5 M12 17.5v.01',
  search: 'M10.5 3a7.5 7.5 0 1 0 0 15a7.5 7.5 0 1 0 0-15 M16 16l5 5',
  paused: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20 M10 8.5v7 M14 8.5v7',
  blocked: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20 M5 5l14 14',
};

const actionsStyles = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75rem;
  margin-top: 0.5rem;
`;

interface EntryStatusPanelProps {
  title: string;
  /** A decorative symbol above the title. */
  icon?: StatusIcon;
  children?: ReactNode;
  actions?: ReactNode;
  /** Problems are announced at once; good news politely. */
  tone?: 'problem' | 'news';
}

/** One of the entry page's end states: not found, closed, blocked, finished... */
export function EntryStatusPanel({ title, icon, children, actions, tone = 'news' }: EntryStatusPanelProps) {
  return (
    <section css={panelStyles} role={tone === 'problem' ? 'alert' : 'status'} aria-labelledby="entry-status-title">
      {icon && (
        <svg
          css={iconStyles}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
        >
          <path d={ICON_PATHS[icon]} />
        </svg>
      )}
      <h1 id="entry-status-title">{title}</h1>
      {children}
      {actions && <div css={actionsStyles}>{actions}</div>}
    </section>
  );
}

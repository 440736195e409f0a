/**
 * A page's sections as a strip of underlined tabs over their panels (Radix Tabs, so arrow keys
 * move between tabs). Used inside `Tabs.Root`, which holds the chosen tab. On a narrow screen the
 * strip wraps onto a second row rather than scrolling: a tab hidden past the edge, with nothing
 * to say it is there, is a tab nobody finds, and the chosen tab always shows.
 */
import { css } from '@emotion/react';
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';

const listStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  border-bottom: 1px solid ${theme.colors.border};
`;

const triggerStyles = css`
  flex: none;
  min-height: 2.75rem;
  padding: 0.5rem 1rem;
  ${theme.media.phone} {
    padding: 0.5rem 0.625rem;
  }
  border: none;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${theme.colors.textMuted};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    color: ${theme.colors.text};
  }
  &[data-state='active'] {
    color: ${theme.colors.primary};
    border-bottom-color: ${theme.colors.primary};
  }
  &:focus-visible {
    outline: none;
    box-shadow: inset ${theme.focusRing};
  }
`;

const panelStyles = css`
  padding-top: 1.5rem;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

export interface TabStripTab {
  value: string;
  label: ReactNode;
}

/** The tab list; `label` names it for screen readers ('Form sections'). */
export function TabStrip({ label, tabs }: { label: string; tabs: readonly TabStripTab[] }) {
  return (
    <Tabs.List aria-label={label} css={listStyles}>
      {tabs.map((tab) => (
        <Tabs.Trigger key={tab.value} value={tab.value} css={triggerStyles}>
          {tab.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/** The panel shown while the tab of the same `value` is chosen. */
export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Content value={value} css={panelStyles}>
      {children}
    </Tabs.Content>
  );
}

/** The work area's two columns: image and form side by side on wide screens, stacked on narrow ones. */
import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

export const layoutStyles = css`
  display: grid;
  gap: 1.25rem;
  grid-template-areas: 'viewer' 'form';
  align-items: start;
  ${theme.media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(20rem, 2fr);
    grid-template-areas: 'viewer form';
  }
`;

export const viewerAreaStyles = css`
  grid-area: viewer;
  min-width: 0;
  ${theme.media.desktop} {
    position: sticky;
    top: 1rem;
  }
`;

export const formAreaStyles = css`
  grid-area: form;
  display: flex;
  flex-direction: column;
  gap: 1rem;
  min-width: 0;
  padding: 1.25rem;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.medium};
  box-shadow: ${theme.shadows.card};
`;

export const actionsStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  padding-top: 0.5rem;
`;

export const mutedStyles = css`
  color: ${theme.colors.textMuted};
`;

/** The work area's two columns: image and form side by side on wide screens, stacked on narrow ones. */
import { css } from '@emotion/react';
import { cardSurfaceStyles } from '../../components/ui/Card.tsx';
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

/** Pinned while the fields scroll: beside them on wide screens, above them on a phone. */
export const viewerAreaStyles = css`
  grid-area: viewer;
  min-width: 0;
  position: sticky;
  top: 0;
  z-index: 2;
  ${theme.media.mobile} {
    padding-bottom: 0.5rem;
    background: ${theme.colors.background};
  }
  ${theme.media.desktop} {
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
  ${cardSurfaceStyles};
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

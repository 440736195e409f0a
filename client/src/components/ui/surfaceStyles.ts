/**
 * The app's boxes, written once: the hairline every outlined box has, and the few shapes built on
 * it. A page composes one of these (`${panelStyles};`) and adds its own spacing and layout, so a
 * change of the line's colour or a corner's radius is one edit, not thirty.
 */
import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

/** The thin border of every outlined box, control and panel. */
export const outlinedStyles = css`
  border: 1px solid ${theme.colors.border};
`;

/** A small outlined box with small corners: a list item, a viewport, a small control. */
export const insetBoxStyles = css`
  ${outlinedStyles};
  border-radius: ${theme.radii.small};
`;

/** A small control's face (icon and toolbar buttons): an inset box on the surface, in text colour. */
export const controlFaceStyles = css`
  ${insetBoxStyles};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
`;

/** A flat panel on the page: the surface, outlined, with a card's corners but no shadow. */
export const panelStyles = css`
  background: ${theme.colors.surface};
  ${outlinedStyles};
  border-radius: ${theme.radii.medium};
`;

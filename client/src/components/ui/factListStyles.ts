/** A card's facts as a definition list: muted names at the reading start, each value aligned to the end beside its name. */
import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

export const factListStyles = css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.125rem 0.75rem;
  margin: 0;
  font-size: ${theme.fontSizes.small};
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: end;
    overflow-wrap: anywhere;
  }
`;

import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

/** A link that stands on its own (not inside a sentence): a 44 px tap target on a phone. */
export const standaloneLinkStyles = css`
  ${theme.media.mobile} {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.layout.tapTarget};
  }
`;

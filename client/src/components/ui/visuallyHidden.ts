import { css } from '@emotion/react';

/** Hidden on screen, still read by screen readers and still focusable (e.g. a file input behind its label). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

import { css } from '@emotion/react';
import type { HTMLAttributes } from 'react';
import { theme } from '../../theme/theme.ts';

const mutedStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

// Names, addresses and file names may be one long word: let them break rather than overflow.
const breakAnywhereStyles = css`
  overflow-wrap: anywhere;
`;

interface MutedTextProps extends HTMLAttributes<HTMLElement> {
  as?: 'p' | 'span' | 'div';
  /** For text that may hold a long name or address. */
  breakAnywhere?: boolean;
}

/** Small secondary text: hints, counts, empty-list notes, who-and-when lines. */
export function MutedText({ as: Tag = 'p', breakAnywhere = false, ...props }: MutedTextProps) {
  return <Tag css={[mutedStyles, breakAnywhere && breakAnywhereStyles]} {...props} />;
}

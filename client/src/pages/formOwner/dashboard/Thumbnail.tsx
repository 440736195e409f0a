import { css } from '@emotion/react';
import { useState } from 'react';
import { theme } from '../../../theme/theme.ts';

const thumbnailStyles = css`
  display: block;
  object-fit: cover;
  background: ${theme.colors.surfaceMuted};
  border-radius: ${theme.radii.small};
`;

interface ThumbnailProps {
  thumbnailUrl: string;
  /** Tried once if the thumbnail will not load. */
  publicUrl: string;
  alt: string;
  className?: string;
}

/** An image's thumbnail, falling back to the full image once. */
export function Thumbnail({ thumbnailUrl, publicUrl, alt, className }: ThumbnailProps) {
  const [src, setSrc] = useState(thumbnailUrl);
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      css={thumbnailStyles}
      className={className}
      onError={() => setSrc((current) => (current === publicUrl ? current : publicUrl))}
    />
  );
}

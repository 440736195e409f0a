/**
 * "Example": the part of the form's sample image where a field's value sits (its region), so a
 * contributor sees what to look for. A CSS crop of the display copy: the picture is scaled so the
 * region fills the box and shifted to it; the box takes the region's shape once the picture's own
 * size is known.
 */
import { css } from '@emotion/react';
import { LARGEST_DISPLAY_WIDTH } from '@formscribe/common/displayCopies';
import { displayCopyUrl } from '@formscribe/common/entryDisplayCopies';
import type { FieldRegion } from '@formscribe/common/fields';
import { useState } from 'react';
import { useImage } from '../../api/images.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const figureStyles = css`
  margin: 0.25rem 0 0;
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  width: min(16rem, 100%);
`;

const boxStyles = css`
  position: relative;
  overflow: hidden;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.small};
  background: ${theme.colors.surfaceMuted};
`;

const pictureStyles = css`
  position: absolute;
  max-width: none;
  height: auto;
`;

const captionStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

/**
 * The display copy of the sample image the owner drew the boxes on (region settings), if the form
 * has one: large enough that a small region still shows sharp when cropped.
 */
export function useSampleImageSrc(formId: number, sampleImageId: number | null): string | undefined {
  const sample = useImage(sampleImageId ?? undefined).data;
  return sample?.formId === formId ? displayCopyUrl(sample.publicUrl, LARGEST_DISPLAY_WIDTH) : undefined;
}

interface ExampleCropProps {
  src: string;
  region: FieldRegion;
  fieldLabel: string;
}

export function ExampleCrop({ src, region, fieldLabel }: ExampleCropProps) {
  const { t } = useT();
  // Until the picture loads, a strip of the usual shape of a field's box.
  const [pictureRatio, setPictureRatio] = useState<number | null>(null);
  const ratio = pictureRatio === null ? 4 : (region.w * pictureRatio) / region.h;
  return (
    <figure css={figureStyles}>
      {/* A tall region is kept to 10rem high by narrowing the box, which keeps its shape. */}
      <div css={boxStyles} style={{ aspectRatio: String(ratio), width: `min(100%, ${10 * ratio}rem)` }}>
        <img
          src={src}
          alt={t('entry.example.alt', { field: fieldLabel })}
          css={pictureStyles}
          loading="lazy"
          // Physical left/top: the crop is a place on the scanned page, which is never mirrored.
          style={{
            width: `${100 / region.w}%`,
            left: `${(-100 * region.x) / region.w}%`,
            top: `${(-100 * region.y) / region.h}%`,
          }}
          onLoad={(event) => {
            const picture = event.currentTarget;
            if (picture.naturalHeight > 0) setPictureRatio(picture.naturalWidth / picture.naturalHeight);
          }}
        />
      </div>
      <figcaption css={captionStyles}>{t('entry.example.caption')}</figcaption>
    </figure>
  );
}

import { css } from '@emotion/react';
import { AUTOMATIC_COMPLETION_REASONS, automaticCompletion } from '@formscribe/common/imageCompletion';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { useState } from 'react';
import { CatalogueValues } from '../../../components/catalogue/CatalogueValues.tsx';
import { Badge } from '../../../components/ui/Badge.tsx';
import { cardSurfaceStyles } from '../../../components/ui/Card.tsx';
import { factListStyles } from '../../../components/ui/factListStyles.ts';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { ProgressBar } from '../../../components/ui/ProgressBar.tsx';
import { theme } from '../../../theme/theme.ts';
import { ImageCardMenu } from './ImageCardMenu.tsx';

const cardStyles = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  ${cardSurfaceStyles};
`;

const thumbnailStyles = css`
  display: block;
  width: 100%;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  background: ${theme.colors.surfaceMuted};
`;

const bodyStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.625rem;
  padding: 0.875rem 1rem 1rem;
`;

const titleRowStyles = css`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.5rem;
`;

const nameStyles = css`
  font-size: ${theme.fontSizes.body};
  overflow-wrap: anywhere;
`;

const numberStyles = css`
  color: ${theme.colors.textMuted};
  font-weight: 400;
  font-size: ${theme.fontSizes.small};
`;

// Dates and counts read better kept on one line.
const factsStyles = css`
  ${factListStyles};
  dd {
    white-space: nowrap;
  }
`;

/** Catalogue columns the card's line shows; all of them are in its tooltip. */
const CATALOGUE_COLUMNS_SHOWN = 3;

/** "ledger-1871.pdf, page 212": where the image came from, when that says more than its name. */
function sourceText({ source, originalName }: ImageResponse): string | null {
  if (source.page !== null) return `${source.fileName}, page ${source.page}`;
  return source.fileName === originalName ? null : source.fileName;
}

const uploadDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * One image: thumbnail, name, number, its source (a PDF's page, a path in a ZIP), upload date,
 * entries, verified fields, its catalogue data, progress and its menu.
 * An image its entries or votes completed says so: no mark of the owner's holds it, none can undo it.
 */
export function ImageCard({
  image,
  requiredEntriesPerImage,
}: {
  image: ImageResponse;
  requiredEntriesPerImage: number;
}) {
  const heldBy = image.isComplete ? automaticCompletion(image, requiredEntriesPerImage) : null;
  // A thumbnail that will not load falls back to the full image once.
  const [src, setSrc] = useState(image.thumbnailUrl);
  const source = sourceText(image);
  return (
    <article css={cardStyles} aria-label={`Image #${image.number}: ${image.originalName}`}>
      <img
        src={src}
        alt={image.originalName}
        loading="lazy"
        css={thumbnailStyles}
        onError={() => setSrc((current) => (current === image.publicUrl ? current : image.publicUrl))}
      />
      <div css={bodyStyles}>
        <div css={titleRowStyles}>
          <h3 css={nameStyles}>
            {image.originalName} <span css={numberStyles}>#{image.number}</span>
          </h3>
          <ImageCardMenu image={image} completedAutomatically={heldBy !== null} />
        </div>
        {image.isComplete && (
          <div>
            <Badge tone="success">Complete</Badge>
            {heldBy && (
              <MutedText>
                Completed automatically: {AUTOMATIC_COMPLETION_REASONS[heldBy]}, so it cannot be unmarked.
              </MutedText>
            )}
          </div>
        )}
        {source && <MutedText>{source}</MutedText>}
        <CatalogueValues
          metadata={image.metadata}
          label={`Catalogue data of ${image.originalName}`}
          shown={CATALOGUE_COLUMNS_SHOWN}
        />
        <dl css={factsStyles}>
          <dt>Uploaded</dt>
          <dd>{uploadDateFormat.format(new Date(image.uploadedAt))}</dd>
          <dt>Entries</dt>
          <dd>{image.entryCount}</dd>
          <dt>Verified fields</dt>
          <dd>
            {image.verifiedFieldCount}/{image.totalFieldCount}
          </dd>
          <dt>Progress</dt>
          <dd>{image.progressPercent}%</dd>
        </dl>
        <ProgressBar percent={image.progressPercent} label={`Progress of ${image.originalName}`} />
      </div>
    </article>
  );
}

import { css } from '@emotion/react';
import { automaticCompletion } from '@formscribe/common/imageCompletion';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { useState } from 'react';
import { CatalogueValues } from '../../../components/catalogue/CatalogueValues.tsx';
import { Badge } from '../../../components/ui/Badge.tsx';
import { cardSurfaceStyles } from '../../../components/ui/Card.tsx';
import { factListStyles } from '../../../components/ui/factListStyles.ts';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { ProgressBar } from '../../../components/ui/ProgressBar.tsx';
import { useT } from '../../../i18n/useT.ts';
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
function sourceText({ source, originalName }: ImageResponse, t: ReturnType<typeof useT>['t']): string | null {
  if (source.page !== null) return t('ownerTabs.imageCard.sourcePage', { file: source.fileName, page: source.page });
  return source.fileName === originalName ? null : source.fileName;
}

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
  const { t, number, date } = useT();
  const heldBy = image.isComplete ? automaticCompletion(image, requiredEntriesPerImage) : null;
  // A thumbnail that will not load falls back to the full image once.
  const [src, setSrc] = useState(image.thumbnailUrl);
  const source = sourceText(image, t);
  return (
    <article
      css={cardStyles}
      aria-label={t('ownerTabs.imageCard.label', { number: image.number, name: image.originalName })}
    >
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
            {image.originalName}{' '}
            <span css={numberStyles}>{t('ownerTabs.imageCard.number', { number: image.number })}</span>
          </h3>
          <ImageCardMenu image={image} completedAutomatically={heldBy !== null} />
        </div>
        {image.isComplete && (
          <div>
            <Badge tone="success">{t('ownerTabs.imageCard.complete')}</Badge>
            {heldBy && <MutedText>{t('ownerTabs.completedAutomatically', { reason: heldBy })}</MutedText>}
          </div>
        )}
        {source && <MutedText>{source}</MutedText>}
        <CatalogueValues
          metadata={image.metadata}
          label={t('ownerTabs.imageCard.catalogueData', { name: image.originalName })}
          shown={CATALOGUE_COLUMNS_SHOWN}
        />
        <dl css={factsStyles}>
          <dt>{t('ownerTabs.imageCard.uploaded')}</dt>
          <dd>{date(image.uploadedAt, { dateStyle: 'medium' })}</dd>
          <dt>{t('ownerTabs.imageCard.entries')}</dt>
          <dd>{number(image.entryCount)}</dd>
          <dt>{t('ownerTabs.imageCard.verifiedFields')}</dt>
          <dd>
            {t('ownerTabs.imageCard.verifiedOf', { verified: image.verifiedFieldCount, total: image.totalFieldCount })}
          </dd>
          <dt>{t('ownerTabs.imageCard.progress')}</dt>
          <dd>{number(image.progressPercent / 100, { style: 'percent', maximumFractionDigits: 2 })}</dd>
        </dl>
        <ProgressBar
          percent={image.progressPercent}
          label={t('ownerTabs.imageCard.progressOf', { name: image.originalName })}
        />
      </div>
    </article>
  );
}

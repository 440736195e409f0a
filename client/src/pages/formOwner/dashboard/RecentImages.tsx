import { css } from '@emotion/react';
import { useRecentImages } from '../../../api/formStats.ts';
import { Badge } from '../../../components/ui/Badge.tsx';
import { CardGrid } from '../../../components/ui/CardGrid.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { ProgressBar } from '../../../components/ui/ProgressBar.tsx';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { DashboardSection, SectionContent } from './DashboardSection.tsx';
import { Thumbnail } from './Thumbnail.tsx';

/** Spec section 9: the dashboard's image grid shows the first 4. */
export const DASHBOARD_IMAGE_GRID_COUNT = 4;

const tileStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  min-width: 0;
`;

const thumbnailStyles = css`
  width: 100%;
  aspect-ratio: 4 / 3;
`;

const nameRowStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.25rem 0.5rem;
  min-width: 0;
  font-size: ${theme.fontSizes.small};
  font-weight: 600;
`;

/**
 * A file name on one line, cut with an ellipsis where the tile ends: broken anywhere it reads as
 * 'journe y2- scan- 3.jpg'. The whole name is in its title, and in the thumbnail's alt text.
 */
const fileNameStyles = css`
  flex: 1 1 6rem;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** The newest uploads as a small grid, each with its verification progress. */
export function RecentImages({ formId }: { formId: number }) {
  const { t } = useT();
  const images = useRecentImages(formId);
  return (
    <DashboardSection section="recentImages">
      <SectionContent
        query={images}
        section="recentImages"
        isEmpty={(list) => list.length === 0}
        empty={t('progress.dashboard.noImagesUploaded')}
      >
        {(list) => (
          <CardGrid minCardWidth="8.5rem" aria-label={t('progress.dashboard.section', { section: 'recentImages' })}>
            {list.slice(0, DASHBOARD_IMAGE_GRID_COUNT).map((image) => (
              <li key={image.id} css={tileStyles}>
                <Thumbnail
                  thumbnailUrl={image.thumbnailUrl}
                  publicUrl={image.publicUrl}
                  alt={image.originalName}
                  css={thumbnailStyles}
                />
                <div css={nameRowStyles}>
                  <span css={fileNameStyles} title={image.originalName}>
                    {image.originalName}
                  </span>
                  {image.isComplete && <Badge tone="success">{t('progress.dashboard.complete')}</Badge>}
                </div>
                <ProgressBar
                  percent={image.progressPercent}
                  label={t('progress.dashboard.progressOf', { name: image.originalName })}
                />
                <MutedText as="span">
                  {t('progress.dashboard.verifiedShare', { share: image.progressPercent / 100 })}
                </MutedText>
              </li>
            ))}
          </CardGrid>
        )}
      </SectionContent>
    </DashboardSection>
  );
}

import { useRecentlyCompletedImages } from '../../../api/formStats.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatActivity } from '../users/userDisplay.ts';
import { DashboardSection, SectionContent } from './DashboardSection.tsx';
import {
  itemMetaStyles,
  itemTextStyles,
  itemTitleStyles,
  recentListStyles,
  smallThumbnailStyles,
} from './dashboardListStyles.ts';
import { Thumbnail } from './Thumbnail.tsx';

/** Completed images across every form the owner manages, newest first (so each names its form). */
export function RecentlyCompletedImages() {
  const { t } = useT();
  const images = useRecentlyCompletedImages();
  return (
    <DashboardSection section="recentlyCompletedImages">
      <SectionContent
        query={images}
        section="recentlyCompletedImages"
        isEmpty={(list) => list.length === 0}
        empty={t('progress.dashboard.noCompletedImages')}
      >
        {(list) => (
          <ul
            css={recentListStyles}
            aria-label={t('progress.dashboard.section', { section: 'recentlyCompletedImages' })}
          >
            {list.map((image) => (
              <li key={image.id}>
                <Thumbnail
                  thumbnailUrl={image.thumbnailUrl}
                  publicUrl={image.publicUrl}
                  alt=""
                  css={smallThumbnailStyles}
                />
                <div css={itemTextStyles}>
                  <span css={itemTitleStyles}>{image.originalName}</span>
                  <span css={itemMetaStyles}>
                    {image.formName}
                    {image.completedAt && (
                      <>
                        {' · '}
                        <time dateTime={image.completedAt}>{formatActivity(image.completedAt)}</time>
                      </>
                    )}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </SectionContent>
    </DashboardSection>
  );
}

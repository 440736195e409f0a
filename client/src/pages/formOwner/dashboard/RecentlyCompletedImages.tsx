import { useRecentlyCompletedImages } from '../../../api/formStats.ts';
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
  const images = useRecentlyCompletedImages();
  return (
    <DashboardSection title="My Recently Completed Images">
      <SectionContent
        query={images}
        what="recently completed images"
        isEmpty={(list) => list.length === 0}
        empty="No completed images yet."
      >
        {(list) => (
          <ul css={recentListStyles} aria-label="My Recently Completed Images">
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

/**
 * One image being entered: the viewer and the digital form side by side. The form comes first
 * in the page (and so in Tab order) although the image shows first on wide screens (on the left; on the right in
 * right-to-left languages, as the grid follows the page's direction).
 * Keyed by image, so a new image starts with fresh values, votes and lock.
 */
import { useImage } from '../../api/images.ts';
import { Button } from '../../components/ui/Button.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { useT } from '../../i18n/useT.ts';
import { useLiveImage } from '../../realtime/useLive.ts';
import { EntryImageSession } from './EntryImageSession.tsx';
import type { EntryWorkspaceProps } from './entryWorkspaceTypes.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { useEntryShortcuts } from './useEntryShortcuts.ts';
import { actionsStyles, formAreaStyles, layoutStyles, mutedStyles, viewerAreaStyles } from './workspaceLayout.ts';

export function EntryWorkspace(props: EntryWorkspaceProps) {
  const { form, imageId, zoom, onNextImage, onPreviousImage } = props;
  const { t } = useT();
  const image = useImage(imageId);
  // Verified fields, vote counts and contributors arrive live while the image is open.
  useLiveImage(imageId);
  useEntryShortcuts({
    nextImage: onNextImage,
    previousImage: onPreviousImage,
    zoomIn: zoom.zoomIn,
    zoomOut: zoom.zoomOut,
    resetZoom: zoom.resetZoom,
  });

  // An image of another form is as good as missing.
  if (image.data && image.data.formId === form.id) return <EntryImageSession {...props} image={image.data} />;
  const failed = image.isError || image.data !== undefined;
  return (
    <div css={layoutStyles}>
      <div css={formAreaStyles}>
        {failed ? (
          <InlineAlert tone="error">{t('entry.imageLoadError.notLoaded')}</InlineAlert>
        ) : (
          <p css={mutedStyles}>{t('entry.loadingImageEllipsis')}</p>
        )}
        {failed && props.onOpenNextAvailable && (
          <div css={actionsStyles}>
            <Button onClick={props.onOpenNextAvailable}>{t('entry.openNextAvailable')}</Button>
          </div>
        )}
      </div>
      <div css={viewerAreaStyles}>
        <ImageViewer
          image={failed ? 'error' : 'loading'}
          zoom={zoom.zoom}
          onZoomIn={zoom.zoomIn}
          onZoomOut={zoom.zoomOut}
          onResetZoom={zoom.resetZoom}
          onZoomTo={zoom.zoomTo}
          onRotate={() => {}}
          onLoadedChange={() => {}}
        />
      </div>
    </div>
  );
}

/**
 * /forms/{id}/entry: enter data for one image after another. The image is the `imageId` in the
 * address when given (the owner's 'Add Entry'), else the next one that needs this user, whose id
 * is then written into the address. Previous and Next walk the form's images in upload order, as
 * the server's neighbours read tells them, so they reach every image of a large form.
 */
import { css } from '@emotion/react';
import type { EntryResponse } from '@formscribe/common/schemas/submission';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { nextImageQueryOptions } from '../../api/entry.ts';
import { useImage, useImageNeighbours } from '../../api/images.ts';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { parseRouteId } from '../routeIds.ts';
import { Confetti } from './Confetti.tsx';
import { EntryBusyPanel } from './EntryBusyPanel.tsx';
import { EntryShell } from './EntryShell.tsx';
import { EntryStatusPanel } from './EntryStatusPanel.tsx';
import { EntryWorkspace } from './EntryWorkspace.tsx';
import { nextImageFailedToast } from './entryFeedback.ts';
import { ENTRY_ROUTE_ID } from './entrySearch.ts';
import { useImageZoom } from './useImageZoom.ts';
import { useMoveOn } from './useMoveOn.ts';
import { useScanPainted } from './useScanPainted.ts';

const routeApi = getRouteApi(ENTRY_ROUTE_ID);

const navStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;

const positionStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** The arrows point the way the page reads: mirrored in right-to-left languages. */
const arrowStyles = css`
  display: inline-block;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;

export function EntryPage() {
  const { formId: rawFormId } = routeApi.useParams();
  const formId = parseRouteId(rawFormId);
  return (
    <EntryShell key={formId} formId={formId} mode="full">
      {(entry) => <EntryImageFlow entry={entry} />}
    </EntryShell>
  );
}

function EntryImageFlow({ entry }: { entry: EntryResponse }) {
  const { t, number } = useT();
  const formId = entry.form.id;
  const { imageId: requestedImageId } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const zoom = useImageZoom();
  // The first scan (the page's largest paint) is painted before the fields and the rest render
  // and send their reads: on a slow phone that render alone holds the picture back for a while.
  const scanPainted = useScanPainted();
  const [round, setRound] = useState(0);
  const nextImage = useQuery({ ...nextImageQueryOptions(formId, round), enabled: requestedImageId === undefined });
  const answer = nextImage.data;
  const imageId = requestedImageId ?? (answer?.status === 'image' ? answer.image.id : undefined);

  const showImage = (id: number | undefined) => void navigate({ search: { imageId: id }, replace: true });
  const { moving, confettiBurst, moveOn, cancel } = useMoveOn(() => {
    setRound((current) => current + 1);
    showImage(undefined);
  });

  useEffect(() => {
    // Write the chosen image into the address, so a reload stays on it.
    if (requestedImageId === undefined && imageId !== undefined) showImage(imageId);
  });

  useEffect(() => {
    if (nextImage.isError) showToast(nextImageFailedToast());
  }, [nextImage.isError]);

  const neighbours = useImageNeighbours(imageId).data;
  const shown = neighbours?.imageId === imageId ? neighbours : undefined;
  // The bar takes its place at once (the form's count is known) so the page below never jumps
  // down when the neighbours arrive; until then its buttons wait disabled and its text is hidden.
  const totalImages = shown?.totalImages ?? entry.totalImages;
  const previousId = shown?.previousImageId ?? null;
  const nextId = shown?.nextImageId ?? null;
  const imageName = useImage(imageId).data?.originalName;
  // Positions are counted, not amounts: 'Image 1001 of 1002', without thousands separators.
  const plain = (value: number) => number(value, { useGrouping: false });
  const position = { number: shown ? plain(shown.number) : '…', total: plain(totalImages), name: imageName };
  const goTo = (id: number | null) => {
    if (id === null) return;
    cancel();
    showImage(id);
  };

  function handleDone(outcome: Parameters<typeof moveOn>[0]) {
    // Ask for the next image while the finished one stays on screen.
    void queryClient.prefetchQuery(nextImageQueryOptions(formId, round + 1));
    moveOn(outcome);
  }

  return (
    <>
      {imageId !== undefined && totalImages > 1 && (
        <nav css={navStyles} aria-label={t('entry.nav.label')}>
          <Button variant="secondary" disabled={previousId === null || moving} onClick={() => goTo(previousId)}>
            <span aria-hidden css={arrowStyles}>
              ←
            </span>{' '}
            {t('entry.nav.previousImage')}
          </Button>
          <Button variant="secondary" disabled={nextId === null || moving} onClick={() => goTo(nextId)}>
            {t('entry.nav.nextImage')}{' '}
            <span aria-hidden css={arrowStyles}>
              →
            </span>
          </Button>
          <span css={positionStyles} style={shown ? undefined : { visibility: 'hidden' }}>
            {imageName ? t('entry.nav.positionNamed', position) : t('entry.nav.position', position)}
          </span>
        </nav>
      )}
      {imageId !== undefined ? (
        <EntryWorkspace
          key={`image-${imageId}`}
          variant="entry"
          form={entry.form}
          imageId={imageId}
          zoom={zoom}
          formAreaReady={scanPainted}
          onNextImage={nextId === null || moving ? undefined : () => goTo(nextId)}
          onPreviousImage={previousId === null || moving ? undefined : () => goTo(previousId)}
          onDone={handleDone}
          onOpenNextAvailable={() => {
            cancel();
            setRound((current) => current + 1);
            showImage(undefined);
          }}
        />
      ) : nextImage.isPending ? (
        <CentredSpinner label={t('entry.loadingImage')} />
      ) : nextImage.isError ? (
        <EntryStatusPanel
          title={t('entry.imageLoadError.title')}
          icon="warning"
          tone="problem"
          actions={<Button onClick={() => setRound((current) => current + 1)}>{t('entry.tryAgain')}</Button>}
        >
          <p>{t('entry.imageLoadError.nextFailed')}</p>
        </EntryStatusPanel>
      ) : answer?.status === 'busy' ? (
        <EntryBusyPanel checking={nextImage.isFetching} onCheckAgain={() => setRound((current) => current + 1)} />
      ) : (
        <EntryStatusPanel
          title={t('entry.finished.thankYouTitle')}
          icon="success"
          actions={
            <>
              <Link to="/" css={buttonStyles('primary')}>
                {t('entry.returnToDashboard')}
              </Link>
              <Button variant="secondary" onClick={() => setRound((current) => current + 1)}>
                {t('entry.checkForNewImages')}
              </Button>
            </>
          }
        >
          <p>{entry.totalImages === 0 ? t('entry.finished.noImagesYet') : t('entry.finished.noMoreImages')}</p>
        </EntryStatusPanel>
      )}
      {confettiBurst !== null && <Confetti key={`confetti-${confettiBurst}`} />}
    </>
  );
}

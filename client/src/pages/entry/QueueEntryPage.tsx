/**
 * /forms/{id}/entry-v1: the queue. One image at a time, always the next that needs this user,
 * with progress, Skip to Next, required fields checked before sending, and an end screen.
 */
import { css } from '@emotion/react';
import type { EntryResponse } from '@formscribe/common/schemas/submission';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { nextImageQueryOptions } from '../../api/entry.ts';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { ProgressBar, percentOf } from '../../components/ui/ProgressBar.tsx';
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
import { QUEUE_ENTRY_ROUTE_ID } from './entrySearch.ts';
import type { EntryOutcome } from './entryWorkspaceTypes.ts';
import { useImageZoom } from './useImageZoom.ts';
import { useMoveOn } from './useMoveOn.ts';

const routeApi = getRouteApi(QUEUE_ENTRY_ROUTE_ID);

const progressStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  max-width: 28rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

export function QueueEntryPage() {
  const { formId: rawFormId } = routeApi.useParams();
  const formId = parseRouteId(rawFormId);
  return (
    <EntryShell key={formId} formId={formId} mode="quick">
      {(entry) => <QueueFlow entry={entry} />}
    </EntryShell>
  );
}

/** Which next-image question is current: each move asks afresh, a skip passes one image over. */
interface QueueCursor {
  round: number;
  skipImageId?: number;
}

function QueueFlow({ entry }: { entry: EntryResponse }) {
  const { t, number } = useT();
  const formId = entry.form.id;
  const queryClient = useQueryClient();
  const zoom = useImageZoom();
  const [cursor, setCursor] = useState<QueueCursor>({ round: 0 });
  const [skipping, setSkipping] = useState(false);
  const next = useQuery({
    ...nextImageQueryOptions(formId, cursor.round, cursor.skipImageId),
    placeholderData: keepPreviousData,
  });
  // The last image stays on screen while the next answer is on its way (keepPreviousData).
  const current = next.data?.status === 'image' ? next.data : undefined;
  const { moving, confettiBurst, moveOn } = useMoveOn(() => setCursor((c) => ({ round: c.round + 1 })));

  useEffect(() => {
    if (next.isError) showToast(nextImageFailedToast());
  }, [next.isError]);

  function handleDone(outcome: EntryOutcome) {
    void queryClient.prefetchQuery(nextImageQueryOptions(formId, cursor.round + 1));
    moveOn(outcome);
  }

  async function skip() {
    if (!current || skipping || moving) return;
    setSkipping(true);
    try {
      const round = cursor.round + 1;
      const skipImageId = current.image.id;
      // Ask first: if the current image is the only one left, stay on it rather than end the queue.
      const answer = await queryClient.fetchQuery(nextImageQueryOptions(formId, round, skipImageId));
      if (answer.status === 'image') setCursor({ round, skipImageId });
      else {
        showToast({ title: t('entry.queue.noOtherImagesTitle'), description: t('entry.queue.noOtherImagesText') });
      }
    } catch {
      showToast(nextImageFailedToast());
    } finally {
      setSkipping(false);
    }
  }

  const confetti = confettiBurst !== null && <Confetti key={`confetti-${confettiBurst}`} />;
  if (next.isPending) return <CentredSpinner label={t('entry.loadingImage')} />;
  if (next.isError && !current) {
    return (
      <EntryStatusPanel
        title={t('entry.imageLoadError.title')}
        icon="warning"
        tone="problem"
        actions={<Button onClick={() => setCursor((c) => ({ round: c.round + 1 }))}>{t('entry.tryAgain')}</Button>}
      >
        <p>{t('entry.imageLoadError.nextFailed')}</p>
      </EntryStatusPanel>
    );
  }
  if (next.data?.status === 'busy') {
    return (
      <>
        <EntryBusyPanel checking={next.isFetching} onCheckAgain={() => setCursor((c) => ({ round: c.round + 1 }))} />
        {confetti}
      </>
    );
  }
  if (!current) {
    return (
      <>
        <EntryStatusPanel
          title={t('entry.finished.greatWorkTitle')}
          icon="success"
          actions={
            <>
              <Link to="/" css={buttonStyles('primary')}>
                {t('entry.returnToDashboard')}
              </Link>
              <Button
                variant="secondary"
                disabled={next.isFetching}
                onClick={() => setCursor((c) => ({ round: c.round + 1 }))}
              >
                {t('entry.checkForNewImages')}
              </Button>
            </>
          }
        >
          <p>
            <strong>{t('entry.finished.allDone')}</strong> {t('entry.finished.allDoneText')}
          </p>
        </EntryStatusPanel>
        {confetti}
      </>
    );
  }

  const total = entry.totalImages;
  const completed = Math.max(0, total - current.remainingCount);
  const progressText = t('entry.queue.progress', { completed: number(completed), total: number(total) });
  return (
    <>
      <div css={progressStyles}>
        <span>{progressText}</span>
        <ProgressBar
          percent={percentOf(completed, total)}
          label={t('entry.queue.progressLabel')}
          valueText={progressText}
        />
      </div>
      <EntryWorkspace
        key={`image-${current.image.id}`}
        variant="queue"
        form={entry.form}
        imageId={current.image.id}
        zoom={zoom}
        onNextImage={moving ? undefined : () => void skip()}
        onDone={handleDone}
        onOpenNextAvailable={() => void skip()}
        extraActions={
          <Button variant="secondary" onClick={() => void skip()} disabled={moving || skipping || next.isFetching}>
            {t('entry.queue.skipToNext')}
          </Button>
        }
      />
      {confetti}
    </>
  );
}

/**
 * Screens say what they show; the server decides whether they may watch it (same policy as REST).
 * The socket client is loaded once the page's first reads have landed, not with the page, so its
 * download never delays the first paint; a watch joined later refetches what it watches, so
 * nothing published meanwhile is missed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenPageSettles } from '../api/whenPageSettles.ts';
import type { WatchTarget } from './liveSocket.ts';

function useWatches(targets: WatchTarget[]): void {
  const queryClient = useQueryClient();
  const key = targets.map((target) => `${target.kind}:${target.id}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the targets.
  useEffect(() => {
    if (targets.length === 0) return;
    let stopped = false;
    let stops: (() => void)[] = [];
    const cancelWait = whenPageSettles(queryClient, () => {
      void import('./liveSocket.ts').then(({ liveConnection }) => {
        if (stopped) return;
        stops = targets.map((target) => liveConnection().watch(target));
      });
    });
    return () => {
      stopped = true;
      cancelWait();
      for (const stop of stops) stop();
    };
  }, [key, queryClient]);
}

const isId = (id: number | undefined): id is number => id !== undefined && Number.isFinite(id);

/** Live updates for a form: owners get images, stats and submissions; contributors progress and settings. */
export function useLiveForm(formId: number | undefined): void {
  useWatches(isId(formId) ? [{ kind: 'form', id: formId }] : []);
}

/** Live updates for one image: verified fields, votes, contributors and who else has it open. */
export function useLiveImage(imageId: number | undefined): void {
  useWatches(isId(imageId) ? [{ kind: 'image', id: imageId }] : []);
}

/** Live dashboard cards: every listed form's progress. */
export function useLiveForms(formIds: readonly number[]): void {
  useWatches(formIds.map((id) => ({ kind: 'form', id })));
}

/**
 * Keeps the Insights tab live from the owners' room: each image in `form:images-progress` patches
 * its heatmap cell in the cache (no refetch), and submissions or form-wide changes refresh the other figures,
 * at most once a second.
 */
import type { HeatmapResponse } from '@formscribe/common/schemas/insights';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { heatmapQueryKey, insightsQueryKey } from '../../../api/insights.ts';
import { liveConnection } from '../../../realtime/liveSocket.ts';
import { useLiveForm } from '../../../realtime/useLive.ts';
import { decodeStates, withImageState } from './heatmapCells.ts';

const REFRESH_AFTER_MS = 1000;

function encodeStates(states: Uint8Array): string {
  let text = '';
  for (const byte of states) text += String.fromCharCode(byte);
  return btoa(text);
}

export function useLiveInsights(formId: number): void {
  useLiveForm(formId);
  const queryClient = useQueryClient();
  useEffect(() => {
    const { socket } = liveConnection();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = (heatmapToo: boolean) => {
      if (heatmapToo) void queryClient.invalidateQueries({ queryKey: heatmapQueryKey(formId) });
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({
          queryKey: insightsQueryKey(formId),
          predicate: ({ queryKey }) => queryKey[3] !== 'heatmap',
        });
      }, REFRESH_AFTER_MS);
    };
    const onProgress: Parameters<typeof socket.on<'form:images-progress'>>[1] = ({ formId: eventForm, images }) => {
      if (eventForm !== formId) return;
      queryClient.setQueryData<HeatmapResponse>(heatmapQueryKey(formId), (heatmap) => {
        if (!heatmap) return heatmap;
        const states = decodeStates(heatmap.states);
        let next = states;
        for (const image of images) next = withImageState(next, image.number, image, heatmap.requiredEntriesPerImage);
        return next === states ? heatmap : { ...heatmap, states: encodeStates(next) };
      });
    };
    const onSubmission = ({ formId: eventForm }: { formId: number }) => {
      if (eventForm === formId) refreshSoon(false);
    };
    const onWholeForm = ({ formId: eventForm }: { formId: number }) => {
      if (eventForm === formId) refreshSoon(true);
    };
    socket.on('form:images-progress', onProgress);
    socket.on('form:submission', onSubmission);
    socket.on('form:recomputed', onWholeForm);
    socket.on('form:image-added', onWholeForm);
    socket.on('image:removed', onWholeForm);
    return () => {
      clearTimeout(timer);
      socket.off('form:images-progress', onProgress);
      socket.off('form:submission', onSubmission);
      socket.off('form:recomputed', onWholeForm);
      socket.off('form:image-added', onWholeForm);
      socket.off('image:removed', onWholeForm);
    };
  }, [formId, queryClient]);
}

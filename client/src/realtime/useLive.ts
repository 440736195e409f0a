/** Screens say what they show; the server decides whether they may watch it (same policy as REST). */
import { useEffect } from 'react';
import { liveConnection } from './liveSocket.ts';

/** Live updates for a form: owners get images, stats and submissions; contributors progress and settings. */
export function useLiveForm(formId: number | undefined): void {
  useEffect(() => {
    if (formId === undefined || !Number.isFinite(formId)) return;
    return liveConnection().watch({ kind: 'form', id: formId });
  }, [formId]);
}

/** Live updates for one image: verified fields, votes, contributors and who else has it open. */
export function useLiveImage(imageId: number | undefined): void {
  useEffect(() => {
    if (imageId === undefined || !Number.isFinite(imageId)) return;
    return liveConnection().watch({ kind: 'image', id: imageId });
  }, [imageId]);
}

/** Live dashboard cards: every listed form's progress. */
export function useLiveForms(formIds: readonly number[]): void {
  const key = formIds.join(',');
  useEffect(() => {
    const stops = key ? key.split(',').map((id) => liveConnection().watch({ kind: 'form', id: Number(id) })) : [];
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);
}

import type { FormResponse } from '@formscribe/common/schemas/form';
import type { ReactNode } from 'react';
import type { EntryVariant } from './entryFeedback.ts';
import type { ZoomControls } from './useImageZoom.ts';

export interface EntryOutcome {
  /** How long to wait before the next image. */
  delayMs: number;
  /** Something was filled in and submitted: worth a little confetti. */
  celebrate: boolean;
}

export interface EntryWorkspaceProps {
  variant: EntryVariant;
  form: FormResponse;
  imageId: number;
  zoom: ZoomControls;
  /** Alt+→ and Alt+←; absent where there is nowhere to go. */
  onNextImage?: () => void;
  onPreviousImage?: () => void;
  /** The entry is done (submitted, or the image completed by a vote): the page moves on. */
  onDone: (outcome: EntryOutcome) => void;
  /** More buttons beside Submit (the queue's Skip to Next). */
  extraActions?: ReactNode;
  /** Offered when this image cannot be shown: go to the next image that needs the user. */
  onOpenNextAvailable?: () => void;
  /**
   * False holds back the fields, votes and contributors (their renders and reads) while the scan
   * is painted; the page's first image passes false until that paint. Absent means true.
   */
  formAreaReady?: boolean;
}

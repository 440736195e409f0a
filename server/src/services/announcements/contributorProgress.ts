/**
 * A form's progress for its contributors: at most once a second per form, the last figures always
 * arriving. Owners get their figures at the publisher's own pace (formFigures.ts); contributors see
 * progress only in their list of shared forms, where once a second is plenty. Each send is a write
 * to every contributor socket of the form: 500 people in a crowd at the owners' four a second
 * would be 2,000 socket writes a second, as many as all of the crowd's database statements.
 */
import { rooms } from '@formscribe/common/realtime';
import type { LiveTransport } from '../../realtime/types.ts';
import { TrailingPacer } from './trailingPacer.ts';

export const CONTRIBUTOR_PROGRESS_INTERVAL_MS = 1000;

export interface FormProgress {
  formId: number;
  totalImages: number;
  completedImages: number;
}

export function contributorProgressPacer(transport: LiveTransport): TrailingPacer<FormProgress> {
  return new TrailingPacer<FormProgress>(CONTRIBUTOR_PROGRESS_INTERVAL_MS, (formId, progress) =>
    transport.emit(rooms.formContributors(formId), 'form:progress', progress),
  );
}

/**
 * Paces a form's progress for its contributors: at most once a second per form, and the last
 * figures always arrive (a trailing send carries the newest ones offered meanwhile). Owners get
 * their figures at the publisher's own pace (formFigures.ts); contributors see progress only in
 * their list of shared forms, where once a second is plenty. Each send is a write to every
 * contributor socket of the form: 500 people in a crowd at the owners' four a second would be
 * 2,000 socket writes a second, as many as all of the crowd's database statements.
 */
import { rooms } from '@formscribe/common/realtime';
import type { LiveTransport } from '../../realtime/types.ts';

export const CONTRIBUTOR_PROGRESS_INTERVAL_MS = 1000;

export interface FormProgress {
  formId: number;
  totalImages: number;
  completedImages: number;
}

export class ContributorProgressPacer {
  /** When each form's progress last went to its contributors (kept for one interval). */
  private readonly lastSent = new Map<number, number>();
  /** The newest progress waiting for the interval to end, per form. */
  private readonly waiting = new Map<number, FormProgress>();

  constructor(
    private readonly transport: LiveTransport,
    private readonly intervalMs = CONTRIBUTOR_PROGRESS_INTERVAL_MS,
  ) {}

  offer(progress: FormProgress): void {
    const { formId } = progress;
    if (this.waiting.has(formId)) {
      this.waiting.set(formId, progress);
      return;
    }
    const wait = (this.lastSent.get(formId) ?? Number.NEGATIVE_INFINITY) + this.intervalMs - Date.now();
    if (wait <= 0) {
      this.send(progress);
      return;
    }
    this.waiting.set(formId, progress);
    // unref: a pending send never keeps a stopping process alive.
    setTimeout(() => {
      const newest = this.waiting.get(formId);
      this.waiting.delete(formId);
      if (newest) this.send(newest);
    }, wait).unref();
  }

  private send(progress: FormProgress): void {
    const sentAt = Date.now();
    this.lastSent.set(progress.formId, sentAt);
    this.transport.emit(rooms.formContributors(progress.formId), 'form:progress', progress);
    setTimeout(() => {
      if (this.lastSent.get(progress.formId) === sentAt) this.lastSent.delete(progress.formId);
    }, this.intervalMs).unref();
  }
}

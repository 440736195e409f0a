/**
 * Publishes a form's figures (stats and progress for its owners; progress for its contributors,
 * paced to once a second by contributorProgress.ts) at most once per form every 250 ms, however
 * many changes land. The first request after a quiet
 * spell is published at once; requests made while a publish is recent wait for one trailing
 * publish at the end of the interval, which reads the form row then, so the last state always
 * arrives. Each publish reads one row (the form's counters) and emits once per room: Socket.IO
 * serialises an event once per emit, whatever the number of sockets watching. With several nodes,
 * each node coalesces its own requests.
 */
import { rooms } from '@formscribe/common/realtime';
import { Form } from '../../models/index.ts';
import type { LiveTransport } from '../../realtime/types.ts';
import { verificationStats } from '../stats/verificationStats.ts';
import { contributorProgressPacer, type FormProgress } from './contributorProgress.ts';
import type { TrailingPacer } from './trailingPacer.ts';

/** The shortest time between two publishes of one form's figures. */
export const FIGURES_INTERVAL_MS = 250;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A form whose figures were published less than an interval ago (or are being published). */
interface FormSchedule {
  /** Requests to serve with the next publish… */
  waiting: Waiter[];
  /** …and whether any of them was form-wide. */
  wholeForm: boolean;
}

export class FormFiguresPublisher {
  private readonly recent = new Map<number, FormSchedule>();
  private readonly contributorProgress: TrailingPacer<FormProgress>;

  constructor(private readonly transport: LiveTransport) {
    this.contributorProgress = contributorProgressPacer(transport);
  }

  /** Whether a publish for this form now would go out at once (none in the last interval). */
  publishesAtOnce(formId: number): boolean {
    return !this.recent.has(formId);
  }

  /**
   * Publishes `form`'s figures; with `wholeForm`, also tells its rooms that many images changed.
   * Resolves once figures read after this call have been sent.
   */
  publish(form: Form, wholeForm = false): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const schedule = this.recent.get(form.id);
      if (schedule) {
        schedule.waiting.push({ resolve, reject });
        schedule.wholeForm ||= wholeForm;
        return;
      }
      const fresh: FormSchedule = { waiting: [{ resolve, reject }], wholeForm };
      this.recent.set(form.id, fresh);
      this.flush(form.id, fresh);
    });
  }

  /**
   * Publishes for everyone waiting, then holds the form for an interval (and until the publish is
   * done, so publishes of one form never overtake each other); requests made meanwhile are
   * served by the next flush.
   */
  private flush(formId: number, schedule: FormSchedule): void {
    const { waiting, wholeForm } = schedule;
    schedule.waiting = [];
    schedule.wholeForm = false;
    const sent = this.send(formId, wholeForm).then(
      () => {
        for (const waiter of waiting) waiter.resolve();
      },
      (error: unknown) => {
        for (const waiter of waiting) waiter.reject(error);
      },
    );
    void Promise.all([sent, intervalElapsed()]).then(() => {
      if (schedule.waiting.length) this.flush(formId, schedule);
      else this.recent.delete(formId);
    });
  }

  private async send(formId: number, wholeForm: boolean): Promise<void> {
    const form = await Form.query().findById(formId);
    if (!form) return; // deleted meanwhile: its rooms were told and closed
    const stats = verificationStats(form);
    const formRooms = [rooms.formOwners(formId), rooms.formContributors(formId)];
    const progress = { formId, totalImages: stats.totalImages, completedImages: stats.completedImages };
    this.transport.emit(rooms.formOwners(formId), 'form:stats', { formId, stats });
    this.transport.emit(rooms.formOwners(formId), 'form:progress', progress);
    this.contributorProgress.offer(formId, progress);
    if (wholeForm) this.transport.emit(formRooms, 'form:recomputed', { formId });
  }
}

function intervalElapsed(): Promise<void> {
  // unref: a pending interval never keeps a stopping process alive.
  return new Promise((resolve) => setTimeout(resolve, FIGURES_INTERVAL_MS).unref());
}

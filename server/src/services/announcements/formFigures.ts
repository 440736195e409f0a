/**
 * Publishes a form's figures (stats for its owners, dashboard progress for everyone watching it).
 * The figures are one aggregate over the form's images, so requests for the same form coalesce:
 * while one publish runs, later requests wait for one more run after it, whatever their number.
 * An isolated change is published at once; a burst costs at most two aggregates in flight.
 */
import { rooms } from '@formscribe/common/realtime';
import type { Form } from '../../models/index.ts';
import type { LiveTransport } from '../../realtime/types.ts';
import { verificationStats } from '../stats/verificationStats.ts';

interface FormRun {
  running: Promise<void>;
  /** The run queued behind the one in flight (shared by every request made meanwhile)… */
  next?: Promise<void>;
  /** …and what it will publish: the latest form row, and whether any request was form-wide. */
  nextForm?: Form;
  nextWholeForm: boolean;
}

export class FormFiguresPublisher {
  private readonly runs = new Map<number, FormRun>();

  constructor(private readonly transport: LiveTransport) {}

  /**
   * Publishes `form`'s figures; with `wholeForm`, also tells its rooms that many images changed.
   * Resolves once figures read after this call have been sent.
   */
  publish(form: Form, wholeForm = false): Promise<void> {
    const current = this.runs.get(form.id);
    if (!current) return this.start(form, wholeForm);
    current.nextForm = form;
    current.nextWholeForm ||= wholeForm;
    current.next ??= current.running
      .catch(() => {}) // the failed run was reported to its own callers
      .then(() => {
        this.runs.delete(form.id);
        return this.start(current.nextForm ?? form, current.nextWholeForm);
      });
    return current.next;
  }

  private start(form: Form, wholeForm: boolean): Promise<void> {
    const run: FormRun = { running: Promise.resolve(), nextWholeForm: false };
    run.running = this.send(form, wholeForm).finally(() => {
      if (this.runs.get(form.id) === run && !run.next) this.runs.delete(form.id);
    });
    this.runs.set(form.id, run);
    return run.running;
  }

  private async send(form: Form, wholeForm: boolean): Promise<void> {
    const stats = await verificationStats(form);
    const formRooms = [rooms.formOwners(form.id), rooms.formContributors(form.id)];
    this.transport.emit(rooms.formOwners(form.id), 'form:stats', { formId: form.id, stats });
    this.transport.emit(formRooms, 'form:progress', {
      formId: form.id,
      totalImages: stats.totalImages,
      completedImages: stats.completedImages,
    });
    if (wholeForm) this.transport.emit(formRooms, 'form:recomputed', { formId: form.id });
  }
}

/**
 * What services announce after their transaction commits. Each method gathers the new figures
 * (from stored per-image state) and emits them to the rooms allowed to see them. Publishing
 * never fails a request: errors are logged, and clients refetch on reconnect anyway.
 */
import { rooms } from '@formscribe/common/realtime';
import type { Logger } from '../logger.ts';
import type { Form, FormImage, FormSubmission, User } from '../models/index.ts';
import { FormSubmission as Submissions, User as Users } from '../models/index.ts';
import { presentImage } from '../presenters/presentImage.ts';
import { presentContributor } from '../presenters/presentSubmission.ts';
import { presentUser } from '../presenters/presentUser.ts';
import { imageNumber } from '../services/entry/nextImage.ts';
import { verificationStats } from '../services/stats/verificationStats.ts';
import type { Realtime } from './realtimeServer.ts';

const formRooms = (formId: number) => [rooms.formOwners(formId), rooms.formContributors(formId)];

export class LivePublisher {
  constructor(
    private readonly realtime: Realtime,
    private readonly logger: Logger,
    private readonly adminEmail: string,
  ) {}

  /** Runs a publish in the background; the caller's response is not held up by it. */
  private run(what: string, task: () => Promise<void>): Promise<void> {
    const done = task().catch((error: unknown) => this.logger.warn({ err: String(error), what }, 'publish failed'));
    return done;
  }

  /** An image's progress changed: its watchers and the form's owners get the image; everyone its form's figures. */
  imageChanged(form: Form, image: FormImage): Promise<void> {
    return this.run('imageChanged', async () => {
      // The form's figures are read at the same time, not after: owners' stats arrive sooner.
      const figures = this.publishFormFigures(form);
      figures.catch(() => {}); // handled below by `await figures`; marked now so an early failure is not "unhandled"
      const presented = presentImage(image, await imageNumber(image));
      this.realtime.emit([rooms.formOwners(form.id), rooms.image(image.id)], 'image:progress', {
        formId: form.id,
        image: presented,
      });
      this.realtime.emit(rooms.image(image.id), 'image:verified-fields', {
        formId: form.id,
        imageId: image.id,
        fieldVerificationStatus: presented.fieldVerificationStatus,
        isComplete: presented.isComplete,
      });
      await figures;
    });
  }

  imageAdded(form: Form, image: FormImage, number: number): Promise<void> {
    return this.run('imageAdded', async () => {
      this.realtime.emit(rooms.formOwners(form.id), 'form:image-added', {
        formId: form.id,
        image: presentImage(image, number),
      });
      await this.publishFormFigures(form);
    });
  }

  imageRemoved(form: Form, imageId: number): Promise<void> {
    return this.run('imageRemoved', async () => {
      this.realtime.emit([...formRooms(form.id), rooms.image(imageId)], 'image:removed', { formId: form.id, imageId });
      await this.publishFormFigures(form);
    });
  }

  submissionCreated(form: Form, submission: FormSubmission): Promise<void> {
    return this.run('submissionCreated', async () => {
      this.realtime.emit(rooms.formOwners(form.id), 'form:submission', {
        formId: form.id,
        imageId: submission.imageId,
        submissionId: submission.id,
        submittedAt: submission.submittedAt.toISOString(),
      });
      await this.contributorsChanged(form, submission.imageId);
    });
  }

  /** The image's contributors as other contributors may see them (names, not e-mails). */
  contributorsChanged(form: Form, imageId: number): Promise<void> {
    return this.run('contributorsChanged', async () => {
      const submissions = await Submissions.query().where({ imageId }).orderBy('submittedAt').orderBy('id');
      const ids = submissions.map((s) => s.submittedById).filter((id): id is number => id !== null);
      const users = new Map((ids.length ? await Users.query().findByIds(ids) : []).map((u) => [u.id, u]));
      this.realtime.emit(rooms.image(imageId), 'image:contributors', {
        formId: form.id,
        imageId,
        contributors: submissions.map((s) =>
          presentContributor(s, s.submittedById ? users.get(s.submittedById) : undefined, false),
        ),
      });
    });
  }

  votesChanged(form: Form, image: FormImage, kind: 'no-data' | 'unreadable', voteCount: number): Promise<void> {
    return this.run('votesChanged', async () => {
      this.realtime.emit([rooms.formOwners(form.id), rooms.image(image.id)], 'image:votes', {
        formId: form.id,
        imageId: image.id,
        kind,
        voteCount,
        isComplete: image.isComplete,
      });
      await this.imageChanged(form, image);
    });
  }

  /** Settings changed; a deactivated form's contributors are taken out of its rooms at once. */
  formSettingsChanged(form: Form): Promise<void> {
    return this.run('formSettingsChanged', async () => {
      this.realtime.emit(formRooms(form.id), 'form:settings', {
        formId: form.id,
        form: {
          id: form.id,
          name: form.name,
          isActive: form.isActive,
          dataEntryActive: form.dataEntryActive,
          requiredEntriesPerImage: form.requiredEntriesPerImage,
        },
      });
      if (!form.isActive) await this.realtime.removeContributorsFromForm(form.id);
    });
  }

  formRemoved(formId: number): Promise<void> {
    return this.run('formRemoved', async () => {
      this.realtime.emit(formRooms(formId), 'form:removed', { formId });
      await this.realtime.closeForm(formId);
    });
  }

  userUpdated(user: User): Promise<void> {
    return this.run('userUpdated', async () => {
      this.realtime.emit(rooms.user(user.id), 'user:updated', { user: presentUser(user, this.adminEmail) });
    });
  }

  userLeftForm(userId: number, formId: number): Promise<void> {
    return this.run('userLeftForm', () => this.realtime.removeUserFromForm(userId, formId));
  }

  sessionEnded(sessionId: number): void {
    this.realtime.disconnectSession(sessionId);
  }

  allSessionsEnded(userId: number): void {
    this.realtime.disconnectUser(userId);
  }

  /** The form's stats for its owners and its dashboard-card progress for everyone watching it. */
  private async publishFormFigures(form: Form): Promise<void> {
    const stats = await verificationStats(form);
    this.realtime.emit(rooms.formOwners(form.id), 'form:stats', { formId: form.id, stats });
    this.realtime.emit(formRooms(form.id), 'form:progress', {
      formId: form.id,
      totalImages: stats.totalImages,
      completedImages: stats.completedImages,
    });
  }
}

/**
 * Turns what services announce into the payloads of `common/src/realtime.ts` (presenters, and the
 * reads they need) and hands them to the socket transport, after the change committed. Each
 * event goes only to the rooms allowed to see it. Publishing never fails a request: errors are
 * logged, and clients refetch on reconnect anyway.
 */
import { rooms, type SubmissionEvent } from '@formscribe/common/realtime';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { Logger } from '../../logger.ts';
import type { Form, FormImage } from '../../models/index.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import { presentContributor } from '../../presenters/presentSubmission.ts';
import { presentUser } from '../../presenters/presentUser.ts';
import type { LiveTransport } from '../../realtime/types.ts';
import { contributorColumnsFor } from '../catalogue/contributorColumns.ts';
import type { LiveEvent } from '../events/domainEvents.ts';
import type { LiveChannel } from '../events/liveChannel.ts';
import { type ImageContributor, readImageContributors } from '../submissions/imageContributors.ts';
import { FIGURES_INTERVAL_MS, FormFiguresPublisher } from './formFigures.ts';
import { TrailingPacer } from './trailingPacer.ts';

const formRooms = (formId: number) => [rooms.formOwners(formId), rooms.formContributors(formId)];

/** The newer images replace the waiting ones of the same id. */
function withNewerImages(waiting: Map<number, ImageResponse>, newer: Map<number, ImageResponse>) {
  for (const [id, image] of newer) waiting.set(id, image);
  return waiting;
}

export class LiveAnnouncer implements LiveChannel {
  private readonly figures: FormFiguresPublisher;
  /**
   * What owners hear of each image and submission, paced like the figures: every owner socket of
   * the form gets a write per send, so in a crowd one send per interval carries every image that
   * changed (the image's own watchers still hear of it at once) and the latest submission (owners'
   * pages only read their lists again on it).
   */
  private readonly ownerImages: TrailingPacer<Map<number, ImageResponse>>;
  private readonly ownerSubmissions: TrailingPacer<SubmissionEvent>;

  constructor(
    private readonly transport: LiveTransport,
    private readonly logger: Logger,
    private readonly adminEmail: string,
  ) {
    this.figures = new FormFiguresPublisher(transport);
    this.ownerImages = new TrailingPacer(
      FIGURES_INTERVAL_MS,
      (formId, images) =>
        transport.emit(rooms.formOwners(formId), 'form:images-progress', { formId, images: [...images.values()] }),
      withNewerImages,
    );
    this.ownerSubmissions = new TrailingPacer(FIGURES_INTERVAL_MS, (formId, event) =>
      transport.emit(rooms.formOwners(formId), 'form:submission', event),
    );
  }

  /** Runs a publish in the background; the caller's response is not held up by it. */
  private run(what: string, task: () => Promise<void>): Promise<void> {
    return task().catch((error: unknown) => this.logger.warn({ err: String(error), what }, 'publish failed'));
  }

  publish(events: readonly LiveEvent[]): Promise<void> {
    if (!events.length) return Promise.resolve();
    return this.run('publish', async () => {
      const requests = uniqueFigures(events);
      // When the figures go out at once (nothing published for the form in the last interval),
      // they go first: one row read, and owners' headline numbers are not queued behind the
      // per-image events to the same sockets. A coalesced publish (up to an interval away) is
      // not waited for: the per-image events stay immediate then.
      const atOnce = requests.some((request) => this.figures.publishesAtOnce(request.form.id));
      const figures = Promise.all(requests.map((e) => this.figures.publish(e.form, e.wholeForm)));
      figures.catch(() => {}); // handled below by `await figures`; marked now so an early failure is not "unhandled"
      if (atOnce) await figures.catch(() => {});
      // One event's failure (a room that cannot be left) does not keep the others from going out.
      for (const event of events) await this.run(event.type, () => this.send(event));
      await figures;
    });
  }

  private async send(event: LiveEvent): Promise<void> {
    switch (event.type) {
      case 'image-progress':
        return this.imageProgress(event.form, event.image);
      case 'image-votes':
        this.transport.emit([rooms.formOwners(event.form.id), rooms.image(event.image.id)], 'image:votes', {
          formId: event.form.id,
          imageId: event.image.id,
          kind: event.kind,
          voteCount: event.voteCount,
          isComplete: event.image.isComplete,
        });
        return;
      case 'submission-created':
        this.ownerSubmissions.offer(event.form.id, {
          formId: event.form.id,
          imageId: event.submission.imageId,
          submissionId: event.submission.id,
          submittedAt: event.submission.submittedAt.toISOString(),
        });
        return;
      case 'contributors-changed':
        return this.contributors(event.form, event.imageId, event.contributors);
      case 'form-figures':
        return; // published once per form by `publish`
      case 'image-added':
        this.transport.emit(rooms.formOwners(event.form.id), 'form:image-added', {
          formId: event.form.id,
          image: presentImage(event.image, undefined, 'owner'),
        });
        return this.figures.publish(event.form);
      case 'image-removed': {
        const { form, imageId } = event;
        this.transport.emit([...formRooms(form.id), rooms.image(imageId)], 'image:removed', {
          formId: form.id,
          imageId,
        });
        return this.figures.publish(form);
      }
      case 'form-settings-changed':
        return this.formSettings(event.form);
      case 'form-removed':
        this.transport.emit(formRooms(event.formId), 'form:removed', { formId: event.formId });
        return this.transport.closeForm(event.formId);
      case 'import-changed':
        this.transport.emit(rooms.formOwners(event.figures.formId), 'form:import', event.figures);
        return;
      case 'user-updated':
        this.transport.emit(rooms.user(event.user.id), 'user:updated', {
          user: presentUser(event.user, this.adminEmail),
        });
        return;
      case 'user-left-form':
        return this.transport.removeUserFromForm(event.userId, event.formId);
      case 'session-ended':
        this.transport.disconnectSession(event.sessionId);
        return;
      case 'all-sessions-ended':
        this.transport.disconnectUser(event.userId);
        return;
    }
  }

  /** Settings changed; a deactivated form's contributors are taken out of its rooms at once. */
  private async formSettings(form: Form): Promise<void> {
    this.transport.emit(formRooms(form.id), 'form:settings', {
      formId: form.id,
      form: {
        id: form.id,
        name: form.name,
        isActive: form.isActive,
        dataEntryActive: form.dataEntryActive,
        requiredEntriesPerImage: form.requiredEntriesPerImage,
      },
    });
    if (!form.isActive) await this.transport.removeContributorsFromForm(form.id);
  }

  private async imageProgress(form: Form, image: FormImage): Promise<void> {
    // The owners' image cards are replaced by what arrives: theirs keeps its catalogue data.
    this.ownerImages.offer(form.id, new Map([[image.id, presentImage(image, undefined, 'owner')]]));
    // Nobody may have the image open: then nothing is presented for its room.
    if (!this.transport.mayReach(rooms.image(image.id))) return;
    // The image's room replaces the entry page's image: it carries the columns contributors see.
    const presented = presentImage(image, undefined, 'contributor', await contributorColumnsFor(form.id, [image]));
    this.transport.emit(rooms.image(image.id), 'image:progress', { formId: form.id, image: presented });
    this.transport.emit(rooms.image(image.id), 'image:verified-fields', {
      formId: form.id,
      imageId: image.id,
      fieldVerificationStatus: presented.fieldVerificationStatus,
      isComplete: presented.isComplete,
    });
  }

  /** The image's contributors as other contributors may see them (names, not e-mails). */
  private async contributors(form: Form, imageId: number, known?: ImageContributor[]): Promise<void> {
    if (!this.transport.mayReach(rooms.image(imageId))) return;
    const contributors = known ?? (await readImageContributors(imageId));
    this.transport.emit(rooms.image(imageId), 'image:contributors', {
      formId: form.id,
      imageId,
      contributors: contributors.map((c) => presentContributor(c, c.submitter, false)),
    });
  }
}

/** One figures request per form: the last form row, form-wide if any request was. */
function uniqueFigures(events: readonly LiveEvent[]): { form: Form; wholeForm: boolean }[] {
  const byForm = new Map<number, { form: Form; wholeForm: boolean }>();
  for (const event of events) {
    if (event.type !== 'form-figures') continue;
    const seen = byForm.get(event.form.id);
    byForm.set(event.form.id, { form: event.form, wholeForm: Boolean(seen?.wholeForm || event.wholeForm) });
  }
  return [...byForm.values()];
}

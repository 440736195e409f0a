/**
 * What the server announces to sockets, before it is shaped into the payloads of
 * `common/src/realtime.ts`: services record these; the live announcer shapes and emits them
 * after commit. `LiveChannel` is what services (through `AppDeps.live`) may call.
 */
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import type { Form, FormImage, FormSubmission, User } from '../../models/index.ts';
import type { VoteKind } from '../imageState/imageStateChange.ts';
import type { ImageContributor } from '../submissions/imageContributors.ts';

export type LiveEvent =
  /** The image's progress: its watchers and the form's owners get the image. */
  | { type: 'image-progress'; form: Form; image: FormImage }
  | { type: 'image-votes'; form: Form; image: FormImage; kind: VoteKind; voteCount: number }
  | { type: 'submission-created'; form: Form; submission: FormSubmission }
  /** `contributors` as the change's transaction read them; read after the commit when absent. */
  | { type: 'contributors-changed'; form: Form; imageId: number; contributors?: ImageContributor[] }
  /**
   * The form's figures (stats for owners, progress for everyone watching it). `wholeForm`: many
   * images changed at once (a form-wide recompute), so pages that list images read them again.
   */
  | { type: 'form-figures'; form: Form; wholeForm?: boolean };

export interface LiveChannel {
  /** Publishes events recorded in a transaction that has committed, in the background. */
  publish(events: readonly LiveEvent[]): Promise<void>;
  imageAdded(form: Form, image: FormImage): Promise<void>;
  imageRemoved(form: Form, imageId: number): Promise<void>;
  formSettingsChanged(form: Form): Promise<void>;
  formRemoved(formId: number): Promise<void>;
  /** An import's figures, to the form's owners (services/imports/). */
  importChanged(figures: ImportResponse): void;
  userUpdated(user: User): Promise<void>;
  userLeftForm(userId: number, formId: number): Promise<void>;
  sessionEnded(sessionId: number): void;
  allSessionsEnded(userId: number): void;
}

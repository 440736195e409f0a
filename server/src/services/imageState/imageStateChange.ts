/**
 * What changed an image's derived state, and the state before and after: the pair every
 * announcement (webhooks, live events) is derived from.
 */
import type { VoteKind } from '@formscribe/common/votes';
import type { Form, FormImage, FormSubmission } from '../../models/index.ts';
import type { ImageInsightInputs } from '../insights/imageInsights.ts';
import type { ImageContributor } from '../submissions/imageContributors.ts';

export type { VoteKind };

export type ImageStateCause =
  | { kind: 'entry-added'; submission: FormSubmission }
  | { kind: 'entry-removed' }
  | { kind: 'vote'; vote: VoteKind }
  | { kind: 'manual-mark'; completed: boolean; byUserId: number | null }
  | { kind: 'rotation'; rotation: number }
  /** An owner accepted or withdrew a value for a field. */
  | { kind: 'accepted-value' }
  /** The form's fields or threshold changed, or a block dropped or restored entries: a form-wide recompute. */
  | { kind: 'form-rules' }
  /** The machine read the image's fields (services/ocr/): one more entry toward agreement, never a person's. */
  | { kind: 'machine-reading' };

export interface ImageStateChange {
  form: Form;
  cause: ImageStateCause;
  before: FormImage;
  after: FormImage;
  /** What the image's Insights figures are computed from, when the writer read it with the consensus. */
  insightInputs?: ImageInsightInputs;
  /** Who entered the image after the change, when the writer read it with the consensus. */
  contributors?: ImageContributor[];
}

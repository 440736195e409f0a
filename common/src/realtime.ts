/**
 * The Socket.IO contract, typed once for both sides (docs/architecture.md, 'Live updates'). The
 * server decides rooms: a client asks to watch a form or an image, the server checks the same
 * policy as the REST routes, and events then carry the new figures, already authorised for the room.
 */
import type { FieldVerification, FormListItem, ImageResponse } from './schemas/form.ts';
import type { ImportResponse } from './schemas/imports.ts';
import type { VerificationStats } from './schemas/stats.ts';
import type { ContributorResponse } from './schemas/submission.ts';
import type { UserResponse } from './schemas/user.ts';
import type { VoteKind } from './votes.ts';

/** Payloads are capped; larger messages close the socket. */
export const MAX_SOCKET_PAYLOAD_BYTES = 64 * 1024;
/** Events a client may send per second (sustained), and the burst allowed above it. */
export const SOCKET_EVENTS_PER_SECOND = 20;
export const SOCKET_EVENT_BURST = 60;

export type WatchAck = { ok: true; role?: 'owner' | 'contributor' } | { ok: false; error: string };

export interface ImageProgressEvent {
  formId: number;
  image: ImageResponse;
}

/** Owners get the images that changed in a busy moment together, at most every 250 ms. */
export interface ImagesProgressEvent {
  formId: number;
  images: ImageResponse[];
}

export interface VerifiedFieldsEvent {
  formId: number;
  imageId: number;
  fieldVerificationStatus: Record<string, FieldVerification>;
  isComplete: boolean;
}

export interface VoteCountEvent {
  formId: number;
  imageId: number;
  kind: VoteKind;
  voteCount: number;
  isComplete: boolean;
}

export interface ContributorsEvent {
  formId: number;
  imageId: number;
  contributors: ContributorResponse[];
}

export interface FormProgressEvent {
  formId: number;
  totalImages: number;
  completedImages: number;
}

export interface FormStatsEvent {
  formId: number;
  stats: VerificationStats;
}

/**
 * Many of the form's images changed at once (its fields or threshold changed, entries were dropped
 * or restored): sent once, after the form's new figures, instead of an event per image. Screens
 * that list or show the form's images read them again.
 */
export interface FormRecomputedEvent {
  formId: number;
}

export interface ImageRemovedEvent {
  formId: number;
  imageId: number;
}

export interface FormSettingsEvent {
  formId: number;
  form: Pick<FormListItem, 'id' | 'name' | 'isActive' | 'dataEntryActive' | 'requiredEntriesPerImage'>;
}

export interface SubmissionEvent {
  formId: number;
  imageId: number;
  submissionId: number;
  submittedAt: string;
}

export interface PresenceEvent {
  imageId: number;
  /** How many other people have this image open right now (all nodes). */
  viewers: number;
}

export interface ServerToClientEvents {
  'image:progress': (event: ImageProgressEvent) => void;
  'image:verified-fields': (event: VerifiedFieldsEvent) => void;
  'image:votes': (event: VoteCountEvent) => void;
  'image:contributors': (event: ContributorsEvent) => void;
  'image:removed': (event: ImageRemovedEvent) => void;
  'image:presence': (event: PresenceEvent) => void;
  'form:progress': (event: FormProgressEvent) => void;
  'form:images-progress': (event: ImagesProgressEvent) => void;
  'form:stats': (event: FormStatsEvent) => void;
  'form:recomputed': (event: FormRecomputedEvent) => void;
  'form:image-added': (event: ImageProgressEvent) => void;
  'form:settings': (event: FormSettingsEvent) => void;
  'form:submission': (event: SubmissionEvent) => void;
  'form:removed': (event: { formId: number }) => void;
  /** To the form's owners: an import's figures as they change (the GET import answer's shape). */
  'form:import': (event: ImportResponse) => void;
  /** To one user's own room: they can no longer open this form (blocked), so it leaves their lists. */
  'form:access-lost': (event: { formId: number }) => void;
  'user:updated': (event: { user: UserResponse }) => void;
}

export interface ClientToServerEvents {
  'watch:form': (formId: number, ack: (result: WatchAck) => void) => void;
  'unwatch:form': (formId: number) => void;
  'watch:image': (imageId: number, ack: (result: WatchAck) => void) => void;
  'unwatch:image': (imageId: number) => void;
}

export const rooms = {
  formOwners: (formId: number) => `form:${formId}:owners`,
  formContributors: (formId: number) => `form:${formId}:contributors`,
  image: (imageId: number) => `image:${imageId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: number) => `session:${sessionId}`,
};

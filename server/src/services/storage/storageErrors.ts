/**
 * A storage that cannot be reached (bucket down, network cut, refused credentials) is the
 * server's trouble, not the user's: a 503 with one clear sentence, never a 500 or a hang. The
 * driver's own error stays attached as `cause` for the log line that the driver writes.
 */
import { MESSAGES } from '@formscribe/common/messages';
import { HttpError } from '../../errors.ts';

export class StorageUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, MESSAGES.storageUnavailable);
    this.cause = cause;
  }
}

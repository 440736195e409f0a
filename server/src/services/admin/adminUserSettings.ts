/** The administrator's edit of an account's plan and limits; the account sees it at once. */
import type { AdminUserUpdateRequest, adminUserUpdateRequestSchema } from '@formscribe/common/schemas/admin';
import type { z } from 'zod';
import type { AppDeps } from '../../appTypes.ts';
import { User } from '../../models/index.ts';

export type { AdminUserUpdateRequest };

type AdminUserChanges = z.output<typeof adminUserUpdateRequestSchema>;

/**
 * Applies the given settings. Limits are read from the account row by every check (uploads,
 * activating forms), so they hold from the next request; the account's open tabs get the new
 * user on its own channel, so its screens show the new limits without signing in again.
 */
export async function updateUserAsAdmin(deps: AppDeps, user: User, changes: AdminUserChanges): Promise<User> {
  const { imageSizeLimitMB, ...rest } = changes;
  const patch = Object.fromEntries(
    Object.entries({ ...rest, imageSizeLimitMb: imageSizeLimitMB }).filter(([, value]) => value !== undefined),
  );
  const updated = await User.query().patchAndFetchById(user.id, patch);
  void deps.live.userUpdated(updated);
  return updated;
}

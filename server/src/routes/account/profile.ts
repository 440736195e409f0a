/** The caller's own profile: name and e-mail, language, password, and the tutorials they have finished. */
import { accountApi } from '@formscribe/common/api/account';
import { requestLocale } from '../../pageLocale.ts';
import { presentUser } from '../../presenters/presentUser.ts';
import { changePassword, completeTutorial, updateLocale, updateProfile } from '../../services/profile.ts';
import { route } from '../declared/declareRoute.ts';

// The language picker sends `{ locale }` alone; the profile page sends the details (and may send it too).
route(accountApi.updateProfile, { policy: 'self' }, async (ctx, { user, body }) => {
  const updated =
    'username' in body
      ? await updateProfile(ctx, user, body, requestLocale(ctx))
      : await updateLocale(ctx.deps, user, body.locale);
  return presentUser(updated, ctx.deps.config.adminEmail);
});

route(accountApi.changePassword, { policy: 'self' }, async (ctx, { user, body }) => {
  await changePassword(ctx, user, body.currentPassword, body.newPassword);
  return { message: 'Password changed' };
});

route(accountApi.completeOwnerTutorial, { policy: 'self' }, async (ctx, { user }) =>
  presentUser(await completeTutorial(user, 'owner'), ctx.deps.config.adminEmail),
);

route(accountApi.completeDataEntryTutorial, { policy: 'self' }, async (ctx, { user }) =>
  presentUser(await completeTutorial(user, 'dataEntry'), ctx.deps.config.adminEmail),
);

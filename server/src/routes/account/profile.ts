/** The caller's own profile: name and e-mail, password, and the tutorials they have finished. */
import { accountApi } from '@formscribe/common/api/account';
import { presentUser } from '../../presenters/presentUser.ts';
import { changePassword, completeTutorial, updateProfile } from '../../services/profile.ts';
import { route } from '../declared/declareRoute.ts';

route(accountApi.updateProfile, { policy: 'self' }, async (ctx, { user, body }) =>
  presentUser(await updateProfile(ctx, user, body), ctx.deps.config.adminEmail),
);

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

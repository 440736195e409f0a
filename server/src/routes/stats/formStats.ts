/** The owner's Dashboard tab: figures from stored state (the form row, or aggregates over images), for managers only. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  adminsResponseSchema,
  formUsersResponseSchema,
  leaderboardResponseSchema,
  limitQuerySchema,
  recentImagesResponseSchema,
  recentlyCompletedResponseSchema,
  recentSubmissionsResponseSchema,
  totalResponseSchema,
  userCountResponseSchema,
} from '@formscribe/common/schemas/formStats';
import { verificationStatsSchema } from '@formscribe/common/schemas/stats';
import Router from '@koa/router';
import type { AppContext, AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { Form, FormImage, FormSubmission, User } from '../../models/index.ts';
import { formManagersQuery, loadManagedForm, managedFormIdsQuery } from '../../policies/index.ts';
import { presentImage, presentRecentlyCompletedImage } from '../../presenters/presentImage.ts';
import { presentSubmission } from '../../presenters/presentSubmission.ts';
import { presentFormAdmin } from '../../presenters/presentUser.ts';
import { contributorCount, formPeople, leaderboard } from '../../services/stats/formPeople.ts';
import { verificationStats } from '../../services/stats/verificationStats.ts';
import { respond } from '../respond.ts';

export const formStatsRouter = new Router<AppState, AppContextExtras>();

async function managedForm(ctx: AppContext & { params: Record<string, string> }) {
  const { id } = parseInput(idParamSchema, ctx.params);
  return loadManagedForm(ctx, requireUser(ctx), id);
}

formStatsRouter.get('/api/forms/:id/verification-stats', async (ctx) => {
  respond(ctx, verificationStatsSchema, verificationStats(await managedForm(ctx)));
});

formStatsRouter.get('/api/forms/:id/stats', async (ctx) => {
  const form = await managedForm(ctx);
  respond(ctx, totalResponseSchema, { total: await FormSubmission.query().where({ formId: form.id }).resultSize() });
});

formStatsRouter.get('/api/forms/:id/user-count', async (ctx) => {
  respond(ctx, userCountResponseSchema, { userCount: await contributorCount(ctx.deps.knex, await managedForm(ctx)) });
});

formStatsRouter.get('/api/forms/:id/leaderboard', async (ctx) => {
  const form = await managedForm(ctx);
  const { limit } = parseInput(limitQuerySchema, ctx.query);
  respond(ctx, leaderboardResponseSchema, { leaderboard: await leaderboard(ctx.deps.knex, form, limit) });
});

formStatsRouter.get('/api/forms/:id/users', async (ctx) => {
  respond(ctx, formUsersResponseSchema, await formPeople(ctx.deps.knex, await managedForm(ctx)));
});

formStatsRouter.get('/api/forms/:id/recent-users', async (ctx) => {
  const form = await managedForm(ctx);
  const { limit } = parseInput(limitQuerySchema, ctx.query);
  const people = await formPeople(ctx.deps.knex, form);
  respond(ctx, formUsersResponseSchema, people.filter((p) => !p.isCreator).slice(0, limit));
});

formStatsRouter.get('/api/forms/:id/recent-submissions', async (ctx) => {
  const form = await managedForm(ctx);
  const { limit } = parseInput(limitQuerySchema, ctx.query);
  const submissions = await FormSubmission.query()
    .where({ formId: form.id })
    .orderBy('submittedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  const userIds = submissions.map((s) => s.submittedById).filter((id): id is number => id !== null);
  const [users, images] = await Promise.all([
    userIds.length ? User.query().findByIds(userIds) : [],
    submissions.length ? FormImage.query().findByIds(submissions.map((s) => s.imageId)) : [],
  ]);
  const presented = submissions.map((s) =>
    presentSubmission(s, {
      user: users.find((u) => u.id === s.submittedById),
      image: images.find((i) => i.id === s.imageId),
    }),
  );
  respond(ctx, recentSubmissionsResponseSchema, presented);
});

formStatsRouter.get('/api/forms/:id/recent-images', async (ctx) => {
  const form = await managedForm(ctx);
  const { limit } = parseInput(limitQuerySchema, ctx.query);
  const images = await FormImage.query().where({ formId: form.id }).orderBy('id', 'desc').limit(limit);
  respond(
    ctx,
    recentImagesResponseSchema,
    images.map((image) => presentImage(image)),
  );
});

/** Who manages the form: its creator and the super administrator. */
formStatsRouter.get('/api/forms/:id/admins', async (ctx) => {
  const form = await managedForm(ctx);
  const managers = await formManagersQuery(ctx, form).orderBy('id');
  respond(ctx, adminsResponseSchema, managers.map(presentFormAdmin));
});

/** "My Recently Completed Images": completed images of the forms the caller manages. */
formStatsRouter.get('/api/recently-completed-images', async (ctx) => {
  const user = requireUser(ctx);
  const { limit } = parseInput(limitQuerySchema, ctx.query);
  const images = await FormImage.query()
    .whereIn('formId', managedFormIdsQuery(ctx, user))
    .where('isComplete', true)
    .orderByRaw('completed_at DESC NULLS LAST')
    .orderBy('id', 'desc')
    .limit(limit);
  const forms = images.length ? await Form.query().findByIds([...new Set(images.map((i) => i.formId))]) : [];
  const presented = images.map((image) =>
    presentRecentlyCompletedImage(
      image,
      forms.find((f) => f.id === image.formId),
    ),
  );
  respond(ctx, recentlyCompletedResponseSchema, presented);
});

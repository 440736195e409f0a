/** The owner's Dashboard tab: figures from stored state (the form row, or aggregates over images), for managers only. */
import { statsApi } from '@formscribe/common/api/stats';
import { Form, FormImage, FormSubmission, User } from '../../models/index.ts';
import { formManagersQuery, managedFormIdsQuery } from '../../policies/index.ts';
import { presentImage, presentRecentlyCompletedImage } from '../../presenters/presentImage.ts';
import { presentSubmission } from '../../presenters/presentSubmission.ts';
import { presentFormAdmin } from '../../presenters/presentUser.ts';
import { contributorCount, formPeople, leaderboard } from '../../services/stats/formPeople.ts';
import { verificationStats } from '../../services/stats/verificationStats.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

/** A contributor's or stranger's bad `limit` gets the policy's 403/404, never a 400. */
const managedFormFirst = { policy: managedForm, policyFirst: true } as const;

route(statsApi.verificationStats, { policy: managedForm }, (_ctx, { resource: form }) => verificationStats(form));

route(statsApi.submissionTotal, { policy: managedForm }, async (_ctx, { resource: form }) => ({
  total: await FormSubmission.query().where({ formId: form.id }).resultSize(),
}));

route(statsApi.userCount, { policy: managedForm }, async (ctx, { resource: form }) => ({
  userCount: await contributorCount(ctx.deps.knex, form),
}));

route(statsApi.leaderboard, managedFormFirst, async (ctx, { resource: form, query }) => ({
  leaderboard: await leaderboard(ctx.deps.knex, form, query.limit),
}));

route(statsApi.formUsers, { policy: managedForm }, (ctx, { resource: form }) => formPeople(ctx.deps.knex, form));

route(statsApi.recentUsers, managedFormFirst, async (ctx, { resource: form, query }) => {
  const people = await formPeople(ctx.deps.knex, form);
  return people.filter((p) => !p.isCreator).slice(0, query.limit);
});

route(statsApi.recentSubmissions, managedFormFirst, async (_ctx, { resource: form, query }) => {
  const submissions = await FormSubmission.query()
    .where({ formId: form.id })
    .orderBy('submittedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit);
  const userIds = submissions.map((s) => s.submittedById).filter((id): id is number => id !== null);
  const [users, images] = await Promise.all([
    userIds.length ? User.query().findByIds(userIds) : [],
    submissions.length ? FormImage.query().findByIds(submissions.map((s) => s.imageId)) : [],
  ]);
  return submissions.map((s) =>
    presentSubmission(s, {
      user: users.find((u) => u.id === s.submittedById),
      image: images.find((i) => i.id === s.imageId),
    }),
  );
});

route(statsApi.recentImages, managedFormFirst, async (_ctx, { resource: form, query }) => {
  const images = await FormImage.query().where({ formId: form.id }).orderBy('id', 'desc').limit(query.limit);
  return images.map((image) => presentImage(image));
});

/** Who manages the form: its creator and the super administrator. */
route(statsApi.formAdmins, { policy: managedForm }, async (ctx, { resource: form }) => {
  const managers = await formManagersQuery(ctx, form).orderBy('id');
  return managers.map(presentFormAdmin);
});

/** "My Recently Completed Images": completed images of the forms the caller manages. */
route(statsApi.recentlyCompletedImages, { policy: 'self' }, async (ctx, { user, query }) => {
  const images = await FormImage.query()
    .whereIn('formId', managedFormIdsQuery(ctx, user))
    .where('isComplete', true)
    .orderByRaw('completed_at DESC NULLS LAST')
    .orderBy('id', 'desc')
    .limit(query.limit);
  const forms = images.length ? await Form.query().findByIds([...new Set(images.map((i) => i.formId))]) : [];
  return images.map((image) =>
    presentRecentlyCompletedImage(
      image,
      forms.find((f) => f.id === image.formId),
    ),
  );
});

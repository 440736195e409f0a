/**
 * Subscriptions (spec section 7): status, history and plan changes of the caller's own account.
 * Every route acts on the signed-in user only, so the session is the policy; the services lock
 * the account's row for each change.
 */
import { MESSAGES } from '@formscribe/common/messages';
import {
  billingHistoryResponseSchema,
  completeUpgradeRequestSchema,
  completeUpgradeResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  downgradeResultResponseSchema,
  downgradeSubscriptionRequestSchema,
  downgradeValidationResponseSchema,
  subscriptionStatusResponseSchema,
  upgradeSubscriptionRequestSchema,
  upgradeSubscriptionResponseSchema,
} from '@formscribe/common/schemas/billing';
import { errorResponseSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import {
  presentBillingEntry,
  presentDowngradeValidation,
  presentSubscriptionStatus,
} from '../../presenters/presentBilling.ts';
import { readSubscriptionStatus } from '../../services/billing/accountSubscription.ts';
import { listBillingHistory } from '../../services/billing/billingHistory.ts';
import { paymentProviderFor } from '../../services/billing/chooseProvider.ts';
import {
  completeUpgrade,
  createSubscription,
  downgradeSubscription,
  upgradeSubscription,
  validateDowngrade,
} from '../../services/billing/subscriptionChanges.ts';
import { respond } from '../respond.ts';

export const billingRouter = new Router<AppState, AppContextExtras>();

billingRouter.get('/api/subscription-status', async (ctx) => {
  const user = requireUser(ctx);
  respond(
    ctx,
    subscriptionStatusResponseSchema,
    presentSubscriptionStatus(await readSubscriptionStatus(ctx.deps.knex, paymentProviderFor(ctx.deps), user)),
  );
});

billingRouter.get('/api/billing-history', async (ctx) => {
  const user = requireUser(ctx);
  const entries = await listBillingHistory(user.id);
  respond(ctx, billingHistoryResponseSchema, { invoices: entries.map(presentBillingEntry) });
});

billingRouter.post('/api/create-subscription', async (ctx) => {
  const user = requireUser(ctx);
  const { planId } = parseInput(createSubscriptionRequestSchema, ctx.request.body);
  respond(ctx, createSubscriptionResponseSchema, await createSubscription(ctx.deps, user, planId));
});

billingRouter.post('/api/upgrade-subscription', async (ctx) => {
  const user = requireUser(ctx);
  const { planId } = parseInput(upgradeSubscriptionRequestSchema, ctx.request.body);
  respond(ctx, upgradeSubscriptionResponseSchema, await upgradeSubscription(ctx.deps, user, planId));
});

billingRouter.post('/api/complete-upgrade', async (ctx) => {
  const user = requireUser(ctx);
  const { planId } = parseInput(completeUpgradeRequestSchema, ctx.request.body);
  const { plan } = await completeUpgrade(ctx.deps, user, planId);
  respond(ctx, completeUpgradeResponseSchema, { message: MESSAGES.upgradeCompleted, plan });
});

/** validateOnly: the validation; otherwise the downgrade, refused (400 with the validation) while too many forms are active. */
billingRouter.post('/api/downgrade-subscription', async (ctx) => {
  const user = requireUser(ctx);
  const { planId, validateOnly } = parseInput(downgradeSubscriptionRequestSchema, ctx.request.body);
  if (validateOnly) {
    respond(
      ctx,
      downgradeValidationResponseSchema,
      presentDowngradeValidation(await validateDowngrade(ctx.deps, user, planId)),
    );
    return;
  }
  const outcome = await downgradeSubscription(ctx.deps, user, planId);
  if (!outcome.done) {
    respond(ctx, errorResponseSchema, presentDowngradeValidation(outcome.check), 400);
    return;
  }
  respond(ctx, downgradeResultResponseSchema, {
    message: MESSAGES.downgradeCompleted,
    plan: outcome.plan,
    creditAmount: outcome.creditCents,
  });
});

/**
 * Subscriptions (spec section 7): status, history and plan changes of the caller's own account.
 * Every route acts on the signed-in user only, so the session is the policy; the services lock
 * the account's row for each change.
 */
import { billingApi } from '@formscribe/common/api/billing';
import { MESSAGES } from '@formscribe/common/messages';
import { badRequest } from '../../errors.ts';
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
import { route } from '../declared/declareRoute.ts';

route(billingApi.subscriptionStatus, { policy: 'self' }, async (ctx, { user }) =>
  presentSubscriptionStatus(await readSubscriptionStatus(ctx.deps.knex, paymentProviderFor(ctx.deps), user)),
);

route(billingApi.billingHistory, { policy: 'self' }, async (_ctx, { user }) => {
  const entries = await listBillingHistory(user.id);
  return { invoices: entries.map(presentBillingEntry) };
});

route(billingApi.createSubscription, { policy: 'self' }, (ctx, { user, body }) =>
  createSubscription(ctx.deps, user, body.planId),
);

route(billingApi.upgradeSubscription, { policy: 'self' }, (ctx, { user, body }) =>
  upgradeSubscription(ctx.deps, user, body.planId),
);

route(billingApi.completeUpgrade, { policy: 'self' }, async (ctx, { user, body }) => {
  const { plan } = await completeUpgrade(ctx.deps, user, body.planId);
  return { message: MESSAGES.upgradeCompleted, plan };
});

/** validateOnly: the validation; otherwise the downgrade, refused (400 with the validation) while too many forms are active. */
route(billingApi.downgradeSubscription, { policy: 'self' }, async (ctx, { user, body: { planId, validateOnly } }) => {
  if (validateOnly) return presentDowngradeValidation(await validateDowngrade(ctx.deps, user, planId));
  const outcome = await downgradeSubscription(ctx.deps, user, planId);
  if (!outcome.done) {
    const { message, ...validation } = presentDowngradeValidation(outcome.check);
    throw badRequest(message, validation);
  }
  return { message: MESSAGES.downgradeCompleted, plan: outcome.plan, creditAmount: outcome.creditCents };
});

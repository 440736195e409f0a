/**
 * The app's pages (spec section 2), each its own lazily loaded chunk; any other path shows the 404
 * page. Pages that need an account are children of the `signed-in` layout route. Loaders start a
 * page's first reads while its chunk downloads (routePrefetch.ts); they never hold the page back.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { z } from 'zod';
import { whenPageSettles } from './api/whenPageSettles.ts';
import { RouteErrorView } from './components/RouteErrorView.tsx';
import { CentredSpinner } from './components/ui/Spinner.tsx';
import { withRouteParts } from './i18n/withRouteParts.ts';
import { adminEntrySearchSchema } from './pages/adminEntry/adminEntrySearch.ts';
import { entrySearchSchema } from './pages/entry/entrySearch.ts';
import { formOwnerSearchSchema } from './pages/formOwner/formOwnerSearch.ts';
import { parseRouteId } from './pages/routeIds.ts';
import { checkoutSearchSchema } from './pages/subscriptionCheckout/checkoutSearch.ts';
import { successSearchSchema } from './pages/subscriptionSuccess/successSearch.ts';
import { prefetchCurrentUser, prefetchEntry, prefetchFormOwner, prefetchHome } from './routePrefetch.ts';
import { useToastStore } from './stores/toastStore.ts';
import { GlobalStyles } from './theme/GlobalStyles.tsx';

const Toaster = lazy(() => import('./components/toasts/Toaster.tsx').then((module) => ({ default: module.Toaster })));

/**
 * Radix Toast is a fifth of the startup script yet no page shows a toast in its first paint: its
 * chunk loads once the page's first reads have settled, or at once when a toast is raised earlier
 * (it waits in the store meanwhile).
 */
function DeferredToaster() {
  const { queryClient } = rootRoute.useRouteContext();
  const toastRaised = useToastStore((state) => state.toasts.length > 0);
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettles(queryClient, () => setSettled(true)), [queryClient]);
  if (!settled && !toastRaised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Every page: the global styles, the page, and the toasts once the page has settled. */
function RootLayout() {
  return (
    <>
      <GlobalStyles />
      <Outlet />
      <DeferredToaster />
    </>
  );
}

/** What every route's loader may use. */
export interface AppRouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<AppRouterContext>()({
  component: RootLayout,
  loader: ({ context }) => prefetchCurrentUser(context.queryClient),
  notFoundComponent: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/notFound/NotFoundPage.tsx')),
    'NotFoundPage',
  ),
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => prefetchHome(context.queryClient),
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/home/HomePage.tsx')),
    'HomePage',
  ),
});

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/auth/AuthPage.tsx')),
    'AuthPage',
  ),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/forgotPassword/ForgotPasswordPage.tsx')),
    'ForgotPasswordPage',
  ),
});

/** A missing or malformed token is a state the page explains, not a routing error. */
const tokenSearchSchema = z.object({ token: z.string().trim().min(1).optional().catch(undefined) });

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearchSchema,
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/resetPassword/ResetPasswordPage.tsx')),
    'ResetPasswordPage',
  ),
});

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  validateSearch: tokenSearchSchema,
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/verifyEmail/VerifyEmailPage.tsx')),
    'VerifyEmailPage',
  ),
});

const signedInLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  component: lazyRouteComponent(() => import('./components/appLayout/SignedInLayout.tsx'), 'SignedInLayout'),
});

const profileRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: '/profile',
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/profile/ProfilePage.tsx')),
    'ProfilePage',
  ),
});

const formOwnerRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: '/forms/$formId',
  validateSearch: formOwnerSearchSchema,
  loader: ({ context, params }) => prefetchFormOwner(context.queryClient, parseRouteId(params.formId)),
  component: lazyRouteComponent(
    withRouteParts('owner', () => import('./pages/formOwner/FormOwnerPage.tsx')),
    'FormOwnerPage',
  ),
});

const inviteLandingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/invite/InviteLandingPage.tsx')),
    'InviteLandingPage',
  ),
});

/** Public: a progress e-mail's one-click unsubscribe link (its token is the proof). */
const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unsubscribe/$token',
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/unsubscribe/UnsubscribePage.tsx')),
    'UnsubscribePage',
  ),
});

/** Guarded by the page itself: a bare tab that moves on to data entry, without the navigation around it. */
const adminEntryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/entry/$token',
  validateSearch: adminEntrySearchSchema,
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/adminEntry/AdminEntryPage.tsx')),
    'AdminEntryPage',
  ),
});

/** Guarded by the page itself: data entry fills the window, without the navigation around it. */
const entryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forms/$formId/entry',
  validateSearch: entrySearchSchema,
  loaderDeps: ({ search }) => ({ imageId: search.imageId }),
  loader: ({ context, params, deps }) => prefetchEntry(context.queryClient, parseRouteId(params.formId), deps.imageId),
  component: lazyRouteComponent(
    withRouteParts('entry', () => import('./pages/entry/EntryPage.tsx')),
    'EntryPage',
  ),
});

const queueEntryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forms/$formId/entry-v1',
  component: lazyRouteComponent(
    withRouteParts('entry', () => import('./pages/entry/QueueEntryPage.tsx')),
    'QueueEntryPage',
  ),
});

const submissionDetailRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: '/submissions/$submissionId',
  component: lazyRouteComponent(
    withRouteParts('progress', () => import('./pages/submissionDetail/SubmissionDetailPage.tsx')),
    'SubmissionDetailPage',
  ),
});

const formSubmissionsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: '/forms/$formId/submissions',
  component: lazyRouteComponent(
    withRouteParts('progress', () => import('./pages/formSubmissions/FormSubmissionsPage.tsx')),
    'FormSubmissionsPage',
  ),
});

const billingRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: '/billing',
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/billing/BillingPage.tsx')),
    'BillingPage',
  ),
});

/** Guarded by the page itself: signed out, it asks the visitor to log in rather than redirecting. */
const subscriptionCheckoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/subscription-checkout',
  validateSearch: checkoutSearchSchema,
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/subscriptionCheckout/SubscriptionCheckoutPage.tsx')),
    'SubscriptionCheckoutPage',
  ),
});

const subscriptionSuccessRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: '/subscription-success',
  validateSearch: successSearchSchema,
  component: lazyRouteComponent(
    withRouteParts('account', () => import('./pages/subscriptionSuccess/SubscriptionSuccessPage.tsx')),
    'SubscriptionSuccessPage',
  ),
});

const superAdminRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: '/super-admin',
  component: lazyRouteComponent(
    withRouteParts('progress', () => import('./pages/superAdmin/SuperAdminPage.tsx')),
    'SuperAdminPage',
  ),
});

/** Public: the API reference, rendered from the OpenAPI document (linked from the profile's API Tokens). */
const apiDocsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/api-docs',
  component: lazyRouteComponent(() => import('./pages/apiDocs/ApiDocsPage.tsx'), 'ApiDocsPage'),
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  authRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  inviteLandingRoute,
  unsubscribeRoute,
  adminEntryRoute,
  entryRoute,
  queueEntryRoute,
  subscriptionCheckoutRoute,
  apiDocsRoute,
  signedInLayoutRoute.addChildren([
    profileRoute,
    formOwnerRoute,
    submissionDetailRoute,
    formSubmissionsRoute,
    billingRoute,
    subscriptionSuccessRoute,
    superAdminRoute,
  ]),
]);

/**
 * Search values stay the strings the URL holds; each route's zod schema decides what they mean.
 * (The router's default JSON parsing would turn a token like "123e4" into a number.)
 */
function parseSearch(searchString: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchString));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history,
    parseSearch,
    stringifySearch,
    defaultPendingComponent: () => <CentredSpinner />,
    defaultErrorComponent: RouteErrorView,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

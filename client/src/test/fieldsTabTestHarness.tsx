/**
 * Renders the Fields tab as the owner page does: the form from the query cache (so a save's
 * answer flows back in), under a route with the page's id and search schema, with toasts.
 */
import { type FormField, fieldsSchema } from '@formscribe/common/fields';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useParams,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { formQueryKey, useForm } from '../api/forms.ts';
import { createAppQueryClient } from '../api/queryClient.ts';
import { Toaster } from '../components/toasts/Toaster.tsx';
import { FieldsTab } from '../pages/formOwner/fields/FieldsTab.tsx';
import { formOwnerSearchSchema } from '../pages/formOwner/formOwnerSearch.ts';
import type { FakeRequest, FakeResponse } from './fakeApi.ts';
import { buildFormResponse } from './formFixtures.ts';

/** The Fields tab's form: a census with the given fields. */
export function buildForm(fields: FormField[] = [], overrides: Partial<FormResponse> = {}): FormResponse {
  return buildFormResponse({ name: 'Census 1901', fields, ...overrides });
}

/** PATCH /api/forms/1 as the server answers it: the list checked by the same schema, the whole form back. */
export function patchFormRoute(form: FormResponse) {
  return (request: FakeRequest): FakeResponse => {
    const parsed = fieldsSchema.safeParse((request.body as { fields?: unknown }).fields);
    if (!parsed.success) return { status: 400, body: { message: parsed.error.issues[0]?.message } };
    return { status: 200, body: { ...form, fields: parsed.data } };
  };
}

function RootWithToaster() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function FieldsTabFromCache() {
  const { formId } = useParams({ strict: false });
  const { data } = useForm(Number(formId));
  return data ? <FieldsTab form={data} /> : null;
}

export function renderFieldsTab(form: FormResponse, search = '?tab=fields') {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(formQueryKey(form.id), form);

  const rootRoute = createRootRoute({ component: RootWithToaster });
  const layoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'signed-in', component: Outlet });
  const pageRoute = createRoute({
    getParentRoute: () => layoutRoute,
    path: '/forms/$formId',
    validateSearch: formOwnerSearchSchema,
    component: FieldsTabFromCache,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([layoutRoute.addChildren([pageRoute])]),
    history: createMemoryHistory({ initialEntries: [`/forms/${form.id}${search}`] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

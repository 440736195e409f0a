/**
 * Invite links (the Share Form dialog), the invite landing and admin-access tokens.
 * Query keys follow the URL, so ['/api/forms', id, 'invites'] reads /api/forms/{id}/invites.
 */
import { invitesApi } from '@formscribe/common/api/invites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORMS_QUERY_KEY } from './forms.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(invitesApi);

export const formInvitesQueryKey = (formId: number) => ['/api/forms', formId, 'invites'] as const;

export function useFormInvites(formId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: formInvitesQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/invites', { params: { id: formId } }),
    enabled: options.enabled ?? true,
  });
}

/** The share dialog always creates "anyone" links without e-mail verification; only the expiry varies. */
export function useCreateInvite(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresAt: string | null) =>
      api.post('/api/forms/{id}/invites', {
        params: { id: formId },
        body: { accessType: 'anyone', requiresEmailVerification: false, expiresAt },
      }),
    // Not awaited: the caller's own onSuccess (its toast) runs while the row that asked is still mounted.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: formInvitesQueryKey(formId) });
    },
  });
}

export function useDeleteInvite(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) =>
      api.delete('/api/forms/{id}/invites/{inviteId}', { params: { id: formId, inviteId } }),
    // Not awaited: the caller's own onSuccess (its toast) runs while the row that asked is still mounted.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: formInvitesQueryKey(formId) });
    },
  });
}

export const inviteLandingQueryKey = (token: string) => ['/api/entry', token] as const;

/**
 * GET /api/entry/{token}: what the invite landing shows, and whether the signed-in caller can
 * already enter data. Read-only; never answered from the cache, so an answer fetched while signed
 * out (hasAccess false) does not stand in for the one after sign-in.
 */
export function useInviteLanding(token: string) {
  return useQuery({
    queryKey: inviteLandingQueryKey(token),
    queryFn: () => api.get('/api/entry/{token}', { params: { token } }),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /api/entry/{token}: the signed-in user accepts the invitation and joins the form. Once
 * they have, the dashboard's list (Shared With Me) is out of date.
 */
export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/entry/{token}', { params: { token } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}

/** POST /api/forms/{id}/admin-access: a short-lived token for a manager's own entry tab. */
export function createAdminAccess(formId: number, imageId: number) {
  return api.post('/api/forms/{id}/admin-access', { params: { id: formId }, body: { imageId } });
}

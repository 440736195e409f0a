/**
 * Invite links (the Share Form dialog), the invite landing and admin-access tokens.
 * Query keys follow the URL, so ['/api/forms', id, 'invites'] reads /api/forms/{id}/invites.
 */
import {
  adminAccessResponseSchema,
  inviteLandingResponseSchema,
  inviteResponseSchema,
} from '@formscribe/common/schemas/invite';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest, apiSend } from './apiClient.ts';
import { FORMS_QUERY_KEY } from './forms.ts';

export const formInvitesQueryKey = (formId: number) => ['/api/forms', formId, 'invites'] as const;

export function useFormInvites(formId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: formInvitesQueryKey(formId),
    queryFn: () => apiGet(`/api/forms/${formId}/invites`, z.array(inviteResponseSchema)),
    enabled: options.enabled ?? true,
  });
}

/** The share dialog always creates "anyone" links without e-mail verification; only the expiry varies. */
export function useCreateInvite(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresAt: string | null) =>
      apiRequest('POST', `/api/forms/${formId}/invites`, {
        body: { accessType: 'anyone', requiresEmailVerification: false, expiresAt },
        schema: inviteResponseSchema,
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
    mutationFn: (inviteId: number) => apiSend('DELETE', `/api/forms/${formId}/invites/${inviteId}`),
    // Not awaited: the caller's own onSuccess (its toast) runs while the row that asked is still mounted.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: formInvitesQueryKey(formId) });
    },
  });
}

export const inviteLandingQueryKey = (token: string) => ['/api/entry', token] as const;

/**
 * GET /api/entry/{token}: what the invite landing shows. For a signed-in caller the same call
 * also grants access to the form, so it is never answered from the cache: an answer fetched
 * while signed out (accessGranted false) must not stand in for the granting call after sign-in.
 * Once access is granted, the dashboard's list (Shared With Me) is out of date.
 */
export function useInviteLanding(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: inviteLandingQueryKey(token),
    queryFn: async () => {
      const landing = await apiGet(`/api/entry/${encodeURIComponent(token)}`, inviteLandingResponseSchema);
      if (landing.accessGranted) void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
      return landing;
    },
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/forms/{id}/admin-access: a short-lived token for a manager's own entry tab. */
export function createAdminAccess(formId: number, imageId: number) {
  return apiRequest('POST', `/api/forms/${formId}/admin-access`, {
    body: { imageId },
    schema: adminAccessResponseSchema,
  });
}

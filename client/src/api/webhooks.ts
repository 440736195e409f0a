/** A form's webhook delivery log and signing secret (managers only). */
import { webhookDeliveriesResponseSchema, webhookSecretResponseSchema } from '@formscribe/common/schemas/webhook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './apiClient.ts';

export const webhookDeliveriesQueryKey = (formId: number) => ['/api/forms', formId, 'webhook-deliveries'] as const;
const webhookSecretQueryKey = (formId: number) => ['/api/forms', formId, 'webhook-secret'] as const;

export function useWebhookDeliveries(formId: number) {
  return useQuery({
    queryKey: webhookDeliveriesQueryKey(formId),
    queryFn: () => apiGet(`/api/forms/${formId}/webhook-deliveries`, webhookDeliveriesResponseSchema),
    // The log changes as deliveries are retried in the background; it is read each time it is shown.
    staleTime: 0,
  });
}

export function useWebhookSecret(formId: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookSecretQueryKey(formId),
    queryFn: () => apiGet(`/api/forms/${formId}/webhook-secret`, webhookSecretResponseSchema),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useRotateWebhookSecret(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/forms/${formId}/webhook-secret/rotate`, { schema: webhookSecretResponseSchema }),
    onSuccess: (secret) => queryClient.setQueryData(webhookSecretQueryKey(formId), secret),
  });
}

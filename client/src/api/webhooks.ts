/** A form's webhook delivery log and signing secret (managers only). */
import { webhooksApi } from '@formscribe/common/api/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(webhooksApi);

export const webhookDeliveriesQueryKey = (formId: number) => ['/api/forms', formId, 'webhook-deliveries'] as const;
const webhookSecretQueryKey = (formId: number) => ['/api/forms', formId, 'webhook-secret'] as const;

export function useWebhookDeliveries(formId: number) {
  return useQuery({
    queryKey: webhookDeliveriesQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/webhook-deliveries', { params: { id: formId } }),
    // The log changes as deliveries are retried in the background; it is read each time it is shown.
    staleTime: 0,
  });
}

export function useWebhookSecret(formId: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookSecretQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/webhook-secret', { params: { id: formId } }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useRotateWebhookSecret(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/forms/{id}/webhook-secret/rotate', { params: { id: formId } }),
    onSuccess: (secret) => queryClient.setQueryData(webhookSecretQueryKey(formId), secret),
  });
}

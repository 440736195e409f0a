/** Machine reading (OCR) of a form's field regions: the owner's settings and the per-field agreement figures. */
import {
  type MachineReadingSettingsUpdate,
  machineAgreementResponseSchema,
  machineReadingSettingsSchema,
} from '@formscribe/common/schemas/machineReading';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './apiClient.ts';

const settingsKey = (formId: number) => ['/api/forms', formId, 'machine-reading'] as const;
const agreementKey = (formId: number) => ['/api/forms', formId, 'machine-reading', 'agreement'] as const;

export function useMachineReadingSettings(formId: number) {
  return useQuery({
    queryKey: settingsKey(formId),
    queryFn: () => apiGet(`/api/forms/${formId}/machine-reading`, machineReadingSettingsSchema),
  });
}

export function useMachineAgreement(formId: number, enabled = true) {
  return useQuery({
    queryKey: agreementKey(formId),
    queryFn: () => apiGet(`/api/forms/${formId}/machine-reading/agreement`, machineAgreementResponseSchema),
    select: (response) => response.fields,
    enabled,
  });
}

export function useUpdateMachineReadingSettings(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: MachineReadingSettingsUpdate) =>
      apiRequest('PUT', `/api/forms/${formId}/machine-reading`, { body: update, schema: machineReadingSettingsSchema }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(formId), settings);
      void queryClient.invalidateQueries({ queryKey: agreementKey(formId) });
    },
  });
}

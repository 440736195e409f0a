/** Machine reading (OCR) of a form's field regions: the owner's settings and the per-field agreement figures. */
import { machineReadingApi } from '@formscribe/common/api/machineReading';
import type { MachineReadingSettingsUpdate } from '@formscribe/common/schemas/machineReading';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(machineReadingApi);

const settingsKey = (formId: number) => ['/api/forms', formId, 'machine-reading'] as const;
const agreementKey = (formId: number) => ['/api/forms', formId, 'machine-reading', 'agreement'] as const;

export function useMachineReadingSettings(formId: number) {
  return useQuery({
    queryKey: settingsKey(formId),
    queryFn: () => api.get('/api/forms/{id}/machine-reading', { params: { id: formId } }),
  });
}

export function useMachineAgreement(formId: number, enabled = true) {
  return useQuery({
    queryKey: agreementKey(formId),
    queryFn: () => api.get('/api/forms/{id}/machine-reading/agreement', { params: { id: formId } }),
    select: (response) => response.fields,
    enabled,
  });
}

export function useUpdateMachineReadingSettings(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: MachineReadingSettingsUpdate) =>
      api.put('/api/forms/{id}/machine-reading', { params: { id: formId }, body: update }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(formId), settings);
      void queryClient.invalidateQueries({ queryKey: agreementKey(formId) });
    },
  });
}

import type { FormListItem, FormResponse, UpdateFormResponse } from '@formscribe/common/schemas/form';
import type { Form } from '../models/index.ts';

export interface FormViewer {
  userId: number;
  canManage: boolean;
}

/** A form as the API shows it; only managers see where its webhooks go. */
export function presentForm(form: Form, viewer: FormViewer): FormResponse {
  return {
    id: form.id,
    name: form.name,
    description: form.description,
    instructions: form.instructions,
    organizationName: form.organizationName,
    organizationUrl: form.organizationUrl,
    logoUrl: form.logoUrl,
    fields: form.fields,
    requiredEntriesPerImage: form.requiredEntriesPerImage,
    webhookUrl: viewer.canManage ? form.webhookUrl : null,
    dataEntryActive: form.dataEntryActive,
    isActive: form.isActive,
    createdById: form.createdById,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
    canManage: viewer.canManage,
    isOwner: form.createdById === viewer.userId,
    language: form.language,
  };
}

/** PATCH's answer: the form, and `ruleBreaks` when new rules found entered values that break them. */
export function presentUpdatedForm(
  form: Form,
  viewer: FormViewer,
  ruleBreaks: NonNullable<UpdateFormResponse['ruleBreaks']>,
): UpdateFormResponse {
  return ruleBreaks.length ? { ...presentForm(form, viewer), ruleBreaks } : presentForm(form, viewer);
}

export function presentFormListItem(
  form: Form,
  viewer: FormViewer,
  progress: { totalImages: number; completedImages: number },
): FormListItem {
  return { ...presentForm(form, viewer), ...progress };
}

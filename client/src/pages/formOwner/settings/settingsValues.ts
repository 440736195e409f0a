/** The settings dialog's values, as typed, and how they become the PATCH body (spec section 5). */
import type { Locale } from '@formscribe/common/i18n/locales';
import {
  type FormResponse,
  MAX_ENTRIES_PER_IMAGE,
  MIN_ENTRIES_PER_IMAGE,
  type UpdateFormRequest,
} from '@formscribe/common/schemas/form';

export interface SettingsValues {
  name: string;
  description: string;
  /** Shown to contributors before their first image, and again on request. */
  instructions: string;
  isActive: boolean;
  dataEntryActive: boolean;
  organizationName: string;
  organizationUrl: string;
  webhookUrl: string;
  /** As typed; read with parseVerificationThreshold. */
  verificationThreshold: string;
  /** The entry page's language for contributors who chose none; null: each contributor's own. */
  language: Locale | null;
}

export function settingsValuesOf(form: FormResponse): SettingsValues {
  return {
    name: form.name,
    description: form.description ?? '',
    instructions: form.instructions ?? '',
    isActive: form.isActive,
    dataEntryActive: form.dataEntryActive,
    organizationName: form.organizationName ?? '',
    organizationUrl: form.organizationUrl ?? '',
    webhookUrl: form.webhookUrl ?? '',
    verificationThreshold: String(form.requiredEntriesPerImage),
    language: form.language,
  };
}

/** A whole number from 1 to 10; anything that is not a number falls back to 1. */
export function parseVerificationThreshold(typed: string): number {
  const value = Number.parseInt(typed.trim(), 10);
  if (Number.isNaN(value)) return MIN_ENTRIES_PER_IMAGE;
  return Math.min(MAX_ENTRIES_PER_IMAGE, Math.max(MIN_ENTRIES_PER_IMAGE, value));
}

/** Save is offered only with a name that is more than whitespace. */
export const canSaveSettings = (values: SettingsValues) => values.name.trim().length > 0;

/** The whole settings PATCH; blank texts are sent empty, which clears them. */
export function settingsUpdate(values: SettingsValues): UpdateFormRequest {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    instructions: values.instructions.trim(),
    organizationName: values.organizationName.trim(),
    organizationUrl: values.organizationUrl.trim(),
    webhookUrl: values.webhookUrl.trim(),
    requiredEntriesPerImage: parseVerificationThreshold(values.verificationThreshold),
    isActive: values.isActive,
    dataEntryActive: values.dataEntryActive,
    language: values.language,
  };
}

/** Delete Form is enabled only when the typed text is the form's name exactly. */
export const deleteConfirmationMatches = (typed: string, formName: string) => typed === formName;

/**
 * Machine reading (OCR on the server) of each field's region, counted as one independent entry
 * toward agreement. Off by default. Owners only: contributors never see a reading, so it cannot
 * anchor them, and never a setting that tells them one exists.
 */
import { z } from 'zod';
import { MAX_REGION_AREA } from '../fields.ts';

/** What a reading's confidence (tesseract's, 0–100) must reach to count, unless the owner says otherwise. */
export const DEFAULT_MACHINE_CONFIDENCE_THRESHOLD = 80;

/**
 * The languages machine reading can read, as tesseract names them: each is a package of trained
 * data shipped with the server (@tesseract.js-data/*), so nothing is downloaded at run time.
 */
export const OCR_LANGUAGES = ['eng', 'fra', 'spa', 'por', 'ara'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];
export const DEFAULT_OCR_LANGUAGE: OcrLanguage = 'eng';

/** GET/PUT /api/forms/{id}/machine-reading */
export const machineReadingSettingsSchema = z.object({
  /** Read each field's region after upload, and count readings toward agreement. */
  enabled: z.boolean(),
  /** A reading counts only at or above this confidence (0–100). */
  confidenceThreshold: z.number().int().min(0).max(100),
  /** Fields the owner switched off: still read (for the agreement figure), never counted. */
  offFieldIds: z.array(z.string().min(1).max(64)).max(200),
  /** The language the printed or written text is in (a tesseract code). */
  language: z.enum(OCR_LANGUAGES),
});
export type MachineReadingSettings = z.infer<typeof machineReadingSettingsSchema>;

export const machineReadingSettingsUpdateSchema = machineReadingSettingsSchema.partial().strict();
export type MachineReadingSettingsUpdate = z.infer<typeof machineReadingSettingsUpdateSchema>;

/**
 * Why the machine left a field of an image unread: the image used up its reading time (each image
 * gets a bounded share of the reader), or the field's box is outside the size limits (boxes saved
 * before the limits existed; new ones are refused when saved).
 */
export const MACHINE_UNREAD_REASONS = ['outOfTime', 'tooLarge', 'tooSmall'] as const;
export type MachineUnreadReason = (typeof MACHINE_UNREAD_REASONS)[number];

/** What the owner is told for each reason, after "Left unread:". */
export const MACHINE_UNREAD_REASON_TEXT: Record<MachineUnreadReason, string> = {
  outOfTime: 'the image used up its reading time',
  tooLarge: `the box covers more than ${MAX_REGION_AREA * 100}% of the page`,
  tooSmall: 'the box is too small to read',
};

/** How often the machine's reading of one field matched the value people verified. */
export const machineFieldAgreementSchema = z.object({
  fieldId: z.string(),
  label: z.string(),
  /** The owner's per-field switch: on unless the field is in `offFieldIds`. */
  counted: z.boolean(),
  /** Images whose field was read (a region is needed to be read). */
  readings: z.number().int(),
  /**
   * Of those, images where the field was verified WITHOUT the reading's help (people alone, or an
   * owner's accepted value): the ones a match can honestly be judged on.
   */
  compared: z.number().int(),
  /** Of those, how many readings equal the verified value (compared as entries are). */
  matched: z.number().int(),
  /** Images where the reading helped verify the field (it matches there by construction, so it is not compared). */
  helpedVerify: z.number().int(),
  /** matched / compared, 0..1; null until a field read by the machine is verified without its help. */
  agreement: z.number().nullable(),
  /** Mean confidence of the readings (0–100); null without readings. */
  meanConfidence: z.number().nullable(),
  /** Images where the machine left this field unread, by reason (reasons with none are left out). */
  unread: z.array(z.object({ reason: z.enum(MACHINE_UNREAD_REASONS), images: z.number().int() })),
});
export type MachineFieldAgreement = z.infer<typeof machineFieldAgreementSchema>;

/** GET /api/forms/{id}/machine-reading/agreement: one row per data field with a region. */
export const machineAgreementResponseSchema = z.object({ fields: z.array(machineFieldAgreementSchema) });
export type MachineAgreementResponse = z.infer<typeof machineAgreementResponseSchema>;

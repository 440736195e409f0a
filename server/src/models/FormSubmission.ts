import { BaseModel } from './BaseModel.ts';

export class FormSubmission extends BaseModel {
  static override tableName = 'form_submissions';
  static override get jsonAttributes() {
    return ['data'];
  }

  declare formId: number;
  declare imageId: number;
  declare submittedById: number | null;
  declare submittedByEmail: string | null;
  /** Field id → value as entered. */
  declare data: Record<string, unknown>;
  /** Field ids whose value breaks a rule and was kept as written on the page (common/submissionData.ts). */
  declare asWritten: string[];
  declare status: 'draft' | 'completed' | 'submitted';
  declare confidence: number | null;
  declare notes: string | null;
  declare submittedAt: Date;
}

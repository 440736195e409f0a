import { BaseModel } from './BaseModel.ts';

export class FieldValue extends BaseModel {
  static override tableName = 'field_values';

  declare formId: number;
  declare imageId: number;
  declare fieldName: string;
  declare value: string | null;
  declare submittedById: number | null;
  declare submissionId: number;
  declare submittedAt: Date;
}

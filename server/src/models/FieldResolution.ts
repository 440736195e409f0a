import { BaseModel } from './BaseModel.ts';

/** The value an owner accepted for a field whose entries disagree; it counts as verified. */
export class FieldResolution extends BaseModel {
  static override tableName = 'field_resolutions';

  declare imageId: number;
  declare fieldId: string;
  declare value: string;
  declare resolvedById: number | null;
  declare resolvedAt: Date;
}

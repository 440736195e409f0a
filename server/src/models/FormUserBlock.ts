import { BaseModel } from './BaseModel.ts';

export class FormUserBlock extends BaseModel {
  static override tableName = 'form_user_blocks';

  declare formId: number;
  declare userId: number;
  declare blockedById: number | null;
  declare reason: string | null;
  declare blockedAt: Date;
  /** The owner chose to leave this user's entries out of consensus while blocked. */
  declare dropEntries: boolean;
}

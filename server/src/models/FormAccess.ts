import { BaseModel } from './BaseModel.ts';

export class FormAccess extends BaseModel {
  static override tableName = 'form_access';

  declare formId: number;
  declare userId: number;
  /** Cleared (not cascaded) when the invite is deleted: granted access outlives its link. */
  declare inviteId: number | null;
  declare grantedAt: Date;
}

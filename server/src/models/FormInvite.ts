import { BaseModel } from './BaseModel.ts';

export class FormInvite extends BaseModel {
  static override tableName = 'form_invites';

  declare formId: number;
  declare token: string;
  declare accessType: 'anyone';
  declare requiresEmailVerification: boolean;
  declare expiresAt: Date | null;
  declare createdById: number | null;
  declare createdAt: Date;
  declare isActive: boolean;
}

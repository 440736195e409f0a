import { BaseModel } from './BaseModel.ts';

/** The access type of a manager's short-lived admin-access token (shared links are 'anyone'). */
export const OWNER_ACCESS_TYPE = 'owner';

export class FormInvite extends BaseModel {
  static override tableName = 'form_invites';

  declare formId: number;
  declare token: string;
  /** 'anyone' for shared links; 'owner' for a manager's short-lived admin-access token. */
  declare accessType: 'anyone' | 'owner';
  declare requiresEmailVerification: boolean;
  declare expiresAt: Date | null;
  declare createdById: number | null;
  declare createdAt: Date;
  declare isActive: boolean;
}

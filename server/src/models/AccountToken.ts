import { BaseModel } from './BaseModel.ts';

/** Shared shape of the single-use, expiring, hashed tokens mailed to users. */
abstract class AccountToken extends BaseModel {
  declare userId: number;
  /** SHA-256 of the token sent by mail. */
  declare token: string;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare createdAt: Date;
}

export class PasswordResetToken extends AccountToken {
  static override tableName = 'password_reset_tokens';
}

export class EmailVerificationToken extends AccountToken {
  static override tableName = 'email_verification_tokens';
}

export type AccountTokenModel = typeof PasswordResetToken | typeof EmailVerificationToken;

import { BaseModel } from './BaseModel.ts';

export class Session extends BaseModel {
  static override tableName = 'sessions';

  declare userId: number;
  /** SHA-256 of the cookie token: a leaked table cannot be replayed as cookies. */
  declare tokenHash: string;
  declare persistent: boolean;
  declare expiresAt: Date;
  declare createdAt: Date;
  declare lastSeenAt: Date;
  declare userAgent: string | null;
  declare ip: string | null;
}

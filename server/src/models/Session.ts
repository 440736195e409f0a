import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './BaseModel.ts';
import { User } from './User.ts';

export class Session extends BaseModel {
  static override tableName = 'sessions';

  static override get relationMappings(): RelationMappings {
    return {
      user: {
        relation: Model.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'sessions.userId', to: 'users.id' },
      },
    };
  }

  declare userId: number;
  /** SHA-256 of the cookie token: a leaked table cannot be replayed as cookies. */
  declare tokenHash: string;
  declare persistent: boolean;
  declare expiresAt: Date;
  declare createdAt: Date;
  declare lastSeenAt: Date;
  declare userAgent: string | null;
  declare ip: string | null;
  /** Loaded with the session in one query (withGraphJoined) on every authenticated request. */
  declare user?: User;
}

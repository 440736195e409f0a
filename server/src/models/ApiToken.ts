import type { ApiTokenScope } from '@formscribe/common/schemas/apiTokens';
import { BaseModel } from './BaseModel.ts';

/** A personal access token for /api/v1 (services/apiTokens/). */
export class ApiToken extends BaseModel {
  static override tableName = 'api_tokens';

  declare userId: number;
  declare name: string;
  /** SHA-256 of the secret: the secret itself is shown once and never stored. */
  declare tokenHash: string;
  /** The secret's first characters, for telling tokens apart in the list. */
  declare hint: string;
  declare scope: ApiTokenScope;
  declare expiresAt: Date | null;
  declare lastUsedAt: Date | null;
  declare createdAt: Date;
}

import type { FormField } from '@formscribe/common/fields';
import type { Locale } from '@formscribe/common/i18n/locales';
import type { Pojo } from 'objection';
import { BaseModel } from './BaseModel.ts';

export class Form extends BaseModel {
  static override tableName = 'forms';
  static override get jsonAttributes() {
    return ['fields'];
  }

  declare name: string;
  declare description: string | null;
  /** Shown to contributors before their first image (issue 27). */
  declare instructions: string | null;
  declare organizationName: string | null;
  declare organizationUrl: string | null;
  declare logoFilename: string | null;
  declare logoUrl: string | null;
  declare fields: FormField[];
  declare requiredEntriesPerImage: number;
  declare webhookUrl: string | null;
  /** Signs webhook deliveries; shown to managers only through its own route. */
  declare webhookSecret: string | null;
  declare dataEntryActive: boolean;
  declare createdById: number;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare isActive: boolean;
  /** The entry page's language for contributors who chose none (issue 29); null: each one's own. */
  declare language: Locale | null;
  // The form's figures, kept by delta with each image change (services/stats/formCounters.ts).
  declare imageCount: number;
  declare completedImageCount: number;
  /** Verified fields of the images not yet complete (a complete image has all its fields done). */
  declare incompleteVerifiedFieldCount: number;

  /** A serialised form never carries its webhook secret, whoever forgets a presenter. */
  override $formatJson(json: Pojo): Pojo {
    const { webhookSecret: _secret, ...rest } = super.$formatJson(json);
    return rest;
  }
}

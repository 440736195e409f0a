import type { CampaignMetrics } from '@formscribe/common/schemas/campaigns';
import { BaseModel } from './BaseModel.ts';

export class FormEmailCampaign extends BaseModel {
  static override tableName = 'form_email_campaigns';
  static override get jsonAttributes() {
    return ['selectedUserIds', 'metrics'];
  }

  declare formId: number;
  declare subject: string;
  declare senderName: string;
  declare personalNote: string | null;
  declare metricsDateStart: Date | null;
  declare metricsDateEnd: Date | null;
  declare includeImageStats: boolean;
  declare includeProgressStats: boolean;
  declare includeContributorStats: boolean;
  declare targetUserTypes: 'all' | 'invited' | 'contributors' | 'custom';
  declare selectedUserIds: number[] | null;
  declare totalRecipients: number;
  declare sentCount: number;
  declare failedCount: number;
  declare status: 'draft' | 'sending' | 'sent';
  /** The figures its messages show, computed once when it is sent. */
  declare metrics: CampaignMetrics | null;
  declare sentById: number | null;
  declare sentAt: Date | null;
  declare createdAt: Date;
}

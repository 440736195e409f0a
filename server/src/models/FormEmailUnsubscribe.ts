import { BaseModel } from './BaseModel.ts';

/** A person who asked for no more progress e-mails from one form (unique per form and user). */
export class FormEmailUnsubscribe extends BaseModel {
  static override tableName = 'form_email_unsubscribes';

  declare formId: number;
  declare userId: number;
  declare createdAt: Date;
}

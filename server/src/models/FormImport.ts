import type { ImportStatus, RefusedImportItem } from '@formscribe/common/schemas/imports';
import { BaseModel } from './BaseModel.ts';

/** An import of a container or a IIIF manifest into a form (services/imports/). */
export class FormImport extends BaseModel {
  static override tableName = 'form_imports';
  static override get jsonAttributes() {
    return ['refused'];
  }

  declare formId: number;
  declare createdById: number | null;
  declare kind: 'file' | 'iiif';
  /** The uploaded file's name (or its path in a dropped folder), or the IIIF URL. */
  declare name: string;
  declare iiifUrl: string | null;
  /** The container in the `imports` storage area while the import runs; null for IIIF. */
  declare storedName: string | null;
  declare storedSize: number | null;
  declare status: ImportStatus;
  declare found: number;
  declare imported: number;
  declare duplicates: number;
  /** Items of the source already handled: a restarted job skips this many. */
  declare processed: number;
  declare refused: RefusedImportItem[];
  declare reason: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare finishedAt: Date | null;
}

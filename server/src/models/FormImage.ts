import type { FieldVerification } from '@formscribe/common/schemas/form';
import { BaseModel } from './BaseModel.ts';

/**
 * The `field_status` column: the consensus result per field id, as the API shows it, plus
 * `machineAssisted` on a field the machine's reading helped settle (services/ocr/machineEntry.ts),
 * which only the owner's agreement figure reads. Presenters send the API's part alone.
 */
export type StoredFieldStatus = FieldVerification & { machineAssisted?: true };

export class FormImage extends BaseModel {
  static override tableName = 'form_images';
  static override get jsonAttributes() {
    return ['fieldStatus', 'metadata', 'sourceMetadata'];
  }

  declare formId: number;
  /** 1-based position in the form's upload order; the database assigns it and deletes keep it dense. */
  declare number: number;
  declare filename: string;
  declare originalName: string;
  /** The uploaded file's name (or its path in a ZIP); the database fills in the original name. */
  declare sourceFileName: string;
  /** The page of a PDF or TIFF, from 1; null for a single image. */
  declare sourcePage: number | null;
  /** The form catalogue's row for this image (services/catalogue/), column -> text. */
  declare metadata: Record<string, string>;
  /** What the image's source said of it (a IIIF canvas's label and metadata); under `metadata`. */
  declare sourceMetadata: Record<string, string>;
  /** SHA-256 (hex) of the bytes the image arrived as; imports skip bytes the form already holds. */
  declare contentHash: string | null;
  declare publicUrl: string | null;
  declare thumbnailFilename: string | null;
  declare thumbnailUrl: string | null;
  declare mimeType: string;
  declare size: number;
  declare thumbnailSize: number | null;
  /** The stored file's size in pixels; null on rows older than it (filled in when a IIIF manifest needs it). */
  declare width: number | null;
  declare height: number | null;
  declare rotation: number;
  declare manuallyCompleted: boolean;
  declare completedById: number | null;
  declare completedAt: Date | null;
  declare exportedAt: Date | null;
  declare exportedById: number | null;
  declare uploadedAt: Date;
  // Derived verification state (docs/architecture.md, 'Verification: one writer'), updated with
  // each entry, vote or mark.
  declare entryCount: number;
  declare verifiedFieldCount: number;
  declare totalFieldCount: number;
  declare fieldStatus: Record<string, StoredFieldStatus>;
  declare noDataVoteCount: number;
  declare unreadableVoteCount: number;
  declare isComplete: boolean;
  /** Lease rows on the image (live or not yet swept); kept by the database, for next-image's order. */
  declare leaseCount: number;
  /** A random number per image: equally covered images are offered in this order. */
  declare offerKey: number;
  declare lastSubmissionAt: Date | null;
}

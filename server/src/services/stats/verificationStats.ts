/**
 * The form's verification stats from the counters on its row (services/stats/formCounters.ts):
 * no query, whatever the number of images. Pass a form row read after the change to report.
 */
import { dataFields } from '@formscribe/common/fields';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import type { Form } from '../../models/index.ts';

export function verificationStats(form: Form): VerificationStats {
  const totalImages = form.imageCount;
  const completedImages = form.completedImageCount;
  const fieldCount = dataFields(form.fields).length;
  const needed = totalImages * fieldCount;
  // A complete image needs nothing more, whatever its fields say (votes, manual marks).
  const completed = Math.min(needed, form.incompleteVerifiedFieldCount + completedImages * fieldCount);
  return {
    totalImages,
    completedImages,
    remainingImages: totalImages - completedImages,
    completionPercentage: totalImages ? Math.round((completedImages / totalImages) * 100) : 0,
    totalFieldVerificationsNeeded: needed,
    completedFieldVerifications: completed,
    remainingFieldVerifications: needed - completed,
  };
}

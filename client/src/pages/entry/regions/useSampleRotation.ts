/**
 * How the form's sample image is turned when shown: the owner draws the boxes on the sample as its
 * file lies, so the entry viewer turns them by this to put them on the page as shown
 * (regionView.ts). No sample (or one of another form) means the boxes were drawn on an unturned
 * page; undefined while the settings or the sample are still on their way.
 */
import { useImage } from '../../../api/images.ts';

export function useSampleRotation(formId: number, sampleImageId: number | null | undefined): number | undefined {
  const sample = useImage(sampleImageId ?? undefined);
  if (sampleImageId === undefined) return undefined;
  if (sampleImageId === null || sample.isError) return 0;
  if (!sample.data) return undefined;
  return sample.data.formId === formId ? sample.data.rotation : 0;
}

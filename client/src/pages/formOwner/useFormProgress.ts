import type { FormResponse } from '@formscribe/common/schemas/form';
import { useForms } from '../../api/forms.ts';
import { useFormImagesPage } from '../../api/images.ts';

export interface FormProgress {
  completedImages: number;
  totalImages: number;
}

/**
 * The header's overall progress and the Images tab's count. The dashboard list (GET /api/forms)
 * carries both figures for the user's own and shared forms, and follows uploads, removals and
 * completions live ('form:progress'). Only a form the list does not hold (the super admin
 * opening someone else's) reads the first images page, whose completion count is exact only when
 * that page holds every image. Reading that page for every owner made it one more read, after
 * the form's, that finished before the header was painted: a slow phone waited for both.
 */
export function useFormProgress(form: FormResponse): {
  progress: FormProgress | null;
  imageTotal: number | undefined;
  /** Still reading what the progress comes from (the header keeps its place meanwhile). */
  isPending: boolean;
} {
  const forms = useForms();
  const listed = forms.data?.find((item) => item.id === form.id);
  const needsFirstPage = !forms.isPending && !listed;
  // Disabled, it still shows the page once the Images tab has read it.
  const firstPage = useFormImagesPage(form.id, 1, undefined, needsFirstPage);
  const imageTotal = listed?.totalImages ?? firstPage.data?.total;
  const isPending = forms.isPending || (needsFirstPage && firstPage.isPending);
  if (listed) {
    return {
      progress: { completedImages: listed.completedImages, totalImages: listed.totalImages },
      imageTotal,
      isPending,
    };
  }
  const page = firstPage.data;
  if (page && page.totalPages <= 1) {
    const completedImages = page.images.filter((image) => image.isComplete).length;
    return { progress: { completedImages, totalImages: page.total }, imageTotal, isPending };
  }
  return { progress: null, imageTotal, isPending };
}

import type { FormResponse } from '@formscribe/common/schemas/form';
import { useForms } from '../../api/forms.ts';
import { useFormImagesPage } from '../../api/images.ts';

export interface FormProgress {
  completedImages: number;
  totalImages: number;
}

/**
 * The header's overall progress and the Images tab's count. The dashboard list (GET /api/forms)
 * carries both figures for the user's own and shared forms; a form reached otherwise (the
 * super admin opening someone else's) falls back to the first images page, whose completion
 * count is exact only when that page holds every image.
 */
export function useFormProgress(form: FormResponse): {
  progress: FormProgress | null;
  imageTotal: number | undefined;
  /** Still reading what the progress comes from (the header keeps its place meanwhile). */
  isPending: boolean;
} {
  const forms = useForms();
  const firstPage = useFormImagesPage(form.id, 1);
  const listed = forms.data?.find((item) => item.id === form.id);
  const imageTotal = firstPage.data?.total ?? listed?.totalImages;
  const isPending = forms.isPending || firstPage.isPending;
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

import { imagesApi } from '@formscribe/common/api/images';
import { LOGO_MAX_BYTES } from '@formscribe/common/logos';
import { type FormResponse, formLogoResponseSchema } from '@formscribe/common/schemas/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORMS_QUERY_KEY, formQueryKey } from '../../../api/forms.ts';
import { apiFor } from '../../../api/typedApi.ts';
import { uploadFile } from '../../../api/uploadFile.ts';

const apiUrl = apiFor(imagesApi).url;

export const ACCEPTED_LOGO_TYPES = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp';

const LOGO_MIME_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']);
const LOGO_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/**
 * Why a chosen logo file cannot be sent, or null when it can (spec section 5: type, and under
 * 10MB); the field words it in the reader's language.
 */
export function logoFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): 'wrongType' | 'tooLarge' | null {
  const typeOk = file.type ? LOGO_MIME_TYPES.has(file.type) : LOGO_EXTENSIONS.test(file.name);
  if (!typeOk) return 'wrongType';
  if (file.size >= LOGO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** POST /api/forms/{id}/logo (multipart field `logo`); the new URL goes straight into the cached form. */
export function useUploadLogo(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile({
        url: apiUrl('post', '/api/forms/{id}/logo', { params: { id: formId } }),
        field: imagesApi.uploadFormLogo.upload.field,
        file,
        schema: formLogoResponseSchema,
      }),
    onSuccess: ({ logoUrl }) => {
      queryClient.setQueryData(formQueryKey(formId), (form: FormResponse | undefined) =>
        form ? { ...form, logoUrl } : form,
      );
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}

import type { FormResponse } from '@formscribe/common/schemas/form';
import { useEffect } from 'react';

const APP_NAME = 'Formscribe';

/** "{form} – {organization} | Formscribe" (spec section 9: the title comes from the form's name and organization). */
export function formPageTitle(form: Pick<FormResponse, 'name' | 'organizationName'>): string {
  const subject = form.organizationName ? `${form.name} – ${form.organizationName}` : form.name;
  return `${subject} | ${APP_NAME}`;
}

function setMetaDescription(content: string | null): () => void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  const created = !meta;
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  const previous = meta.content;
  meta.content = content ?? '';
  return () => {
    if (created) meta.remove();
    else meta.content = previous;
  };
}

/** Sets the document title and description meta tag while the page shows `form`, then restores them. */
export function useFormPageTitle(form: FormResponse | undefined): void {
  const name = form?.name;
  const organizationName = form?.organizationName ?? null;
  const description = form?.description ?? null;
  useEffect(() => {
    if (name === undefined) return;
    const previousTitle = document.title;
    document.title = formPageTitle({ name, organizationName });
    const restoreMeta = setMetaDescription(description ?? [name, organizationName].filter(Boolean).join(' – '));
    return () => {
      document.title = previousTitle;
      restoreMeta();
    };
  }, [name, organizationName, description]);
}

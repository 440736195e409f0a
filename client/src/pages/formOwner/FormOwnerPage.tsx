import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useEffect } from 'react';
import { useForm } from '../../api/forms.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { usePaintedOnce } from '../../components/usePaintedOnce.ts';
import { useT } from '../../i18n/useT.ts';
import { useLiveForm } from '../../realtime/useLive.ts';
import { parseRouteId } from '../routeIds.ts';
import { FormNotFound } from './FormNotFound.tsx';
import { FormOwnerHeader } from './FormOwnerHeader.tsx';
import { FORM_OWNER_ROUTE_ID } from './formOwnerSearch.ts';
import { OwnerTabs } from './OwnerTabs.tsx';
import { useFormPageTitle } from './useFormPageTitle.ts';

const routeApi = getRouteApi(FORM_OWNER_ROUTE_ID);

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

/** /forms/{id}: the owner's view of one form. Only managers stay; anyone else goes to data entry. */
export function FormOwnerPage() {
  const { formId: rawFormId } = routeApi.useParams();
  const formId = parseRouteId(rawFormId);
  if (formId === null) return <FormNotFound />;
  // Keyed, so moving between forms starts each one's page state afresh.
  return <FormOwnerView key={formId} formId={formId} />;
}

function FormOwnerView({ formId }: { formId: number }) {
  const { t } = useT();
  const { data: form, isPending, isError } = useForm(formId);
  const navigate = useNavigate();
  const mayManage = form?.canManage;
  useFormPageTitle(form);
  // Owners' figures, images and lists follow the form live (the server checks the same policy).
  useLiveForm(mayManage ? formId : undefined);

  useEffect(() => {
    if (mayManage === false) {
      void navigate({ to: '/forms/$formId/entry', params: { formId: String(formId) }, replace: true });
    }
  }, [mayManage, formId, navigate]);

  if (isPending) return <CentredSpinner label={t('owner.loadingForm')} />;
  if (isError) return <FormNotFound />;
  if (!form.canManage) return <CentredSpinner />;
  return <FormOwnerContent form={form} />;
}

function FormOwnerContent({ form }: { form: FormResponse }) {
  // The header (the form's name, its progress) paints first; the tabs and their reads follow.
  // Deferred, the tabs' first render is a background one that React splits into short slices,
  // instead of one task that would keep a slow phone from responding (the page's blocking time).
  const tabsDue = useDeferredValue(usePaintedOnce());
  return (
    <div css={pageStyles}>
      <FormOwnerHeader form={form} />
      {tabsDue && <OwnerTabs form={form} />}
    </div>
  );
}

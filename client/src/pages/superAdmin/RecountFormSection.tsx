/**
 * "Recount this form" in the administrator's form dialog. A form's figures are kept by delta with
 * every image change, so they only go wrong after a fault; this asks the server to recount them
 * from the images. The recount runs after the answer, and the owner's open pages get the figures.
 */
import { css } from '@emotion/react';
import type { AdminForm } from '@formscribe/common/schemas/admin';
import { useRecountAdminForm } from '../../api/admin.ts';
import { Button } from '../../components/ui/Button.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { showToast } from '../../stores/toastStore.ts';

const sectionStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
`;

export function RecountFormSection({ form }: { form: AdminForm }) {
  const recount = useRecountAdminForm();
  function start() {
    recount.mutate(form.id, {
      onSuccess: () => showToast({ title: 'Recount started: the figures update in a moment' }),
      onError: () => showToast({ title: 'Failed to start the recount', variant: 'destructive' }),
    });
  }
  return (
    <div css={sectionStyles}>
      <MutedText>Image counts wrong? Recount them from the form's images.</MutedText>
      <Button variant="secondary" onClick={start} disabled={recount.isPending}>
        {recount.isPending ? 'Starting...' : 'Recount this form'}
      </Button>
    </div>
  );
}

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
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';

const sectionStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
`;

export function RecountFormSection({ form }: { form: AdminForm }) {
  const { t } = useT();
  const recount = useRecountAdminForm();
  function start() {
    recount.mutate(form.id, {
      onSuccess: () => showToast({ title: t('progress.admin.recountStarted') }),
      onError: () => showToast({ title: t('progress.admin.recountFailed'), variant: 'destructive' }),
    });
  }
  return (
    <div css={sectionStyles}>
      <MutedText>{t('progress.admin.recountHint')}</MutedText>
      <Button variant="secondary" onClick={start} disabled={recount.isPending}>
        {recount.isPending ? t('progress.admin.recountStarting') : t('progress.admin.recount')}
      </Button>
    </div>
  );
}

/** A contributor's entries that differ from the verified value, newest first, a page at a time. */
import { INSIGHTS_COMPUTING } from '@formscribe/common/insights';
import type { ContributorAgreement } from '@formscribe/common/schemas/insights';
import { useContributorDisagreements } from '../../../api/insights.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { SidewaysScrollBox } from '../../../components/ui/SidewaysScrollBox.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { mutedStyles, tableStyles } from './insightsStyles.ts';

interface DisagreementsDialogProps {
  formId: number;
  contributor: ContributorAgreement;
  onClose: () => void;
}

export function DisagreementsDialog({ formId, contributor, onClose }: DisagreementsDialogProps) {
  const { t, number } = useT();
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useContributorDisagreements(
    formId,
    contributor.user.id,
  );
  const disagreements = data?.pages.flatMap((page) => page.disagreements) ?? [];
  const computing = data?.pages[0]?.computing ?? false;
  const name = contributor.user.name ?? contributor.user.username;
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('progress.disagreements.title', { name })}
      description={t('progress.disagreements.description')}
      maxWidth="48rem"
    >
      {isPending && <Spinner label={t('progress.disagreements.loading')} />}
      {error && <InlineAlert tone="error">{t('progress.disagreements.loadFailed')}</InlineAlert>}
      {computing && <InlineAlert tone="info">{translateServerMessage(INSIGHTS_COMPUTING)}</InlineAlert>}
      {data && disagreements.length === 0 && !computing && <p css={mutedStyles}>{t('progress.disagreements.none')}</p>}
      {disagreements.length > 0 && (
        <>
          <SidewaysScrollBox label={t('progress.disagreements.tableLabel')}>
            <table css={tableStyles}>
              <thead>
                <tr>
                  <th>{t('progress.disagreements.image')}</th>
                  <th>{t('progress.disagreements.field')}</th>
                  <th>{t('progress.disagreements.entered')}</th>
                  <th>{t('progress.disagreements.verified')}</th>
                </tr>
              </thead>
              <tbody>
                {disagreements.map((d) => (
                  <tr key={`${d.imageId}-${d.fieldId}`}>
                    <td className="number">{number(d.imageNumber, { useGrouping: false })}</td>
                    <td>{d.fieldLabel}</td>
                    <td>{d.entered || t('progress.disagreements.blank')}</td>
                    <td>{d.verified || t('progress.disagreements.blank')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SidewaysScrollBox>
          {hasNextPage && (
            <Button variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? t('common.loading') : t('progress.disagreements.showMore')}
            </Button>
          )}
        </>
      )}
    </DialogFrame>
  );
}

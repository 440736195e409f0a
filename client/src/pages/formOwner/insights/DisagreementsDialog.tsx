/** A contributor's entries that differ from the verified value, newest first, a page at a time. */
import { INSIGHTS_COMPUTING } from '@formscribe/common/insights';
import type { ContributorAgreement } from '@formscribe/common/schemas/insights';
import { useContributorDisagreements } from '../../../api/insights.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { SidewaysScrollBox } from '../../../components/ui/SidewaysScrollBox.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { mutedStyles, tableStyles } from './insightsStyles.ts';

interface DisagreementsDialogProps {
  formId: number;
  contributor: ContributorAgreement;
  onClose: () => void;
}

export function DisagreementsDialog({ formId, contributor, onClose }: DisagreementsDialogProps) {
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
      title={`Disagreements of ${name}`}
      description="Entries that differ from the value finally verified."
      maxWidth="48rem"
    >
      {isPending && <Spinner label="Loading disagreements" />}
      {error && <InlineAlert tone="error">Could not load the disagreements.</InlineAlert>}
      {computing && <InlineAlert tone="info">{INSIGHTS_COMPUTING}</InlineAlert>}
      {data && disagreements.length === 0 && !computing && <p css={mutedStyles}>No disagreements.</p>}
      {disagreements.length > 0 && (
        <>
          <SidewaysScrollBox label="Disagreements table">
            <table css={tableStyles}>
              <thead>
                <tr>
                  <th>Image</th>
                  <th>Field</th>
                  <th>Entered</th>
                  <th>Verified</th>
                </tr>
              </thead>
              <tbody>
                {disagreements.map((d) => (
                  <tr key={`${d.imageId}-${d.fieldId}`}>
                    <td className="number">{d.imageNumber}</td>
                    <td>{d.fieldLabel}</td>
                    <td>{d.entered || '(blank)'}</td>
                    <td>{d.verified || '(blank)'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SidewaysScrollBox>
          {hasNextPage && (
            <Button variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </DialogFrame>
  );
}

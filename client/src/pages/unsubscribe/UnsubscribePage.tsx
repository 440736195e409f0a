/**
 * Where a progress e-mail's unsubscribe link lands: one click, so the page unsubscribes as it
 * opens (the call is idempotent: a reload or a second tab changes nothing) and says from which
 * form. Nobody needs to sign in; the link's token is the proof.
 */
import { extractServerMessage } from '@formscribe/common/errorMessages';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { unsubscribeFromCampaigns } from '../../api/campaigns.ts';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';

export function UnsubscribePage() {
  const { t } = useT();
  const { token } = useParams({ from: '/unsubscribe/$token' });
  const unsubscribe = useQuery({
    queryKey: ['/api/unsubscribe', token],
    queryFn: () => unsubscribeFromCampaigns(token),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (unsubscribe.isPending) return <CentredSpinner label={t('account.unsubscribe.working')} />;
  return (
    <CentredPageLayout>
      {unsubscribe.isError ? (
        <Card role="alert">
          <PageTitle>{t('account.unsubscribe.failedTitle')}</PageTitle>
          <CardText>
            {translateServerMessage(extractServerMessage(unsubscribe.error)) || t('account.unsubscribe.tryLater')}
          </CardText>
        </Card>
      ) : (
        <Card role="status">
          <PageTitle>{t('account.unsubscribe.doneTitle')}</PageTitle>
          <CardText>{t('account.unsubscribe.doneText', { formName: unsubscribe.data.formName })}</CardText>
          <Link to="/" css={buttonStyles('primary', true)}>
            {t('account.unsubscribe.goToFormscribe')}
          </Link>
        </Card>
      )}
    </CentredPageLayout>
  );
}

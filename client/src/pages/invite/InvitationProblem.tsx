import { errorStatusCode } from '@formscribe/common/errorMessages';
import { INVALID_INVITATION } from '@formscribe/common/schemas/invite';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { ButtonRow, Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';

/** The server answers 404 for an unknown, expired, deleted or inactive link, and 400 for a malformed token. */
export function isInvalidInvitationError(error: unknown): boolean {
  const status = errorStatusCode(error);
  return status === 404 || status === 400;
}

interface InvalidInvitationProps {
  /**
   * Also show the 'Invalid or expired invitation' toast: for a signed-in user who expected to
   * be taken to data entry (after signing in, or in an admin-access tab), not for a visitor
   * who simply opened a link and is reading this card.
   */
  announce?: boolean;
}

export function InvalidInvitation({ announce = false }: InvalidInvitationProps) {
  const { t } = useT();
  const announced = useRef(false);
  useEffect(() => {
    if (!announce || announced.current) return;
    announced.current = true;
    showToast({ title: currentTranslator().t('account.invite.invalidToast'), variant: 'destructive' });
  }, [announce]);

  return (
    <CentredPageLayout>
      <Card role="alert">
        <PageTitle>{t('account.invite.invalidTitle')}</PageTitle>
        <CardText>{translateServerMessage(INVALID_INVITATION)}</CardText>
        <CardText>{t('account.invite.askForNewLink')}</CardText>
        <div>
          <Link to="/" css={buttonStyles('primary')}>
            {t('account.goHome')}
          </Link>
        </div>
      </Card>
    </CentredPageLayout>
  );
}

/** The invitation could not be checked at all (network or server trouble): offer to try again. */
export function InvitationUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <CentredPageLayout>
      <Card role="alert">
        <PageTitle>{t('account.invite.unavailableTitle')}</PageTitle>
        <CardText>{t('account.invite.unavailableText')}</CardText>
        <ButtonRow>
          <Button onClick={onRetry}>{t('account.tryAgain')}</Button>
          <Link to="/" css={buttonStyles('secondary')}>
            {t('account.goHome')}
          </Link>
        </ButtonRow>
      </Card>
    </CentredPageLayout>
  );
}

import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import { AppLayout } from '../../components/appLayout/AppLayout.tsx';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { useT } from '../../i18n/useT.ts';

/** The fallback for every unknown path; a signed-in user keeps the navigation around it. */
export function NotFoundPage() {
  const { t } = useT();
  const { data: user } = useCurrentUser();
  const content = (
    <Card>
      <PageTitle>{t('account.notFound.title')}</PageTitle>
      <CardText>{t('account.notFound.text')}</CardText>
      <div>
        <Link to="/" css={buttonStyles('primary')}>
          {t('account.goHome')}
        </Link>
      </div>
    </Card>
  );
  return user ? <AppLayout>{content}</AppLayout> : <CentredPageLayout>{content}</CentredPageLayout>;
}

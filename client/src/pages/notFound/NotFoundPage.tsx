import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import { AppLayout } from '../../components/appLayout/AppLayout.tsx';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { Card, CardText, PageTitle } from '../../components/ui/Card.tsx';

/** The fallback for every unknown path; a signed-in user keeps the navigation around it. */
export function NotFoundPage() {
  const { data: user } = useCurrentUser();
  const content = (
    <Card>
      <PageTitle>404 Page Not Found</PageTitle>
      <CardText>Did you forget to add the page to the router?</CardText>
      <div>
        <Link to="/" css={buttonStyles('primary')}>
          Go Home
        </Link>
      </div>
    </Card>
  );
  return user ? <AppLayout>{content}</AppLayout> : <CentredPageLayout>{content}</CentredPageLayout>;
}

import { useT } from '../i18n/useT.ts';
import { CentredPageLayout } from './CentredPageLayout.tsx';
import { Button } from './ui/Button.tsx';
import { Card, CardText, CardTitle } from './ui/Card.tsx';

/**
 * Shown when a page fails to render or its code fails to load (typically a new deployment
 * replaced the old chunks); reloading fetches the current version.
 */
export function RouteErrorView() {
  const { t } = useT();
  return (
    <CentredPageLayout>
      <Card role="alert">
        <CardTitle>{t('app.routeError.title')}</CardTitle>
        <CardText>{t('app.routeError.text')}</CardText>
        <Button onClick={() => window.location.reload()}>{t('app.routeError.reload')}</Button>
      </Card>
    </CentredPageLayout>
  );
}

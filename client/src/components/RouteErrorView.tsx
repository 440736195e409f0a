import { CentredPageLayout } from './CentredPageLayout.tsx';
import { Button } from './ui/Button.tsx';
import { Card, CardText, CardTitle } from './ui/Card.tsx';

/**
 * Shown when a page fails to render or its code fails to load (typically a new deployment
 * replaced the old chunks); reloading fetches the current version.
 */
export function RouteErrorView() {
  return (
    <CentredPageLayout>
      <Card role="alert">
        <CardTitle>Something went wrong</CardTitle>
        <CardText>This page could not be shown. Reloading usually fixes it.</CardText>
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
      </Card>
    </CentredPageLayout>
  );
}

import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useInviteLanding } from '../../api/invites.ts';
import { GuardedRoute } from '../../components/GuardedRoute.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
import { entryPathForForm } from '../invite/entryPath.ts';
import { InvalidInvitation, InvitationUnavailable, isInvalidInvitationError } from '../invite/InvitationProblem.tsx';

const routeApi = getRouteApi('/entry/$token');

/**
 * /entry/{token}?imageId=: the tab a manager's admin access opens. The token is checked (and
 * access recorded) like an invite, then the tab moves on to data entry for that image.
 */
export function AdminEntryPage() {
  return (
    <GuardedRoute>
      <AdminEntryRedirect />
    </GuardedRoute>
  );
}

function AdminEntryRedirect() {
  const { t } = useT();
  const { token } = routeApi.useParams();
  const { imageId } = routeApi.useSearch();
  const landing = useInviteLanding(token);
  const navigate = useNavigate();
  const formId = landing.data?.form.id;

  useEffect(() => {
    if (formId === undefined) return;
    // By href: the entry page's route is registered by other work.
    void navigate({ href: entryPathForForm(formId, imageId), replace: true });
  }, [formId, imageId, navigate]);

  if (landing.isError) {
    return isInvalidInvitationError(landing.error) ? (
      <InvalidInvitation announce />
    ) : (
      <InvitationUnavailable onRetry={() => void landing.refetch()} />
    );
  }
  return <CentredSpinner label={t('account.adminEntry.opening')} />;
}

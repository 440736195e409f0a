import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { useInviteLanding } from '../../api/invites.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
import { clearPendingInvite, hasPendingInvite } from '../../stores/pendingInvite.ts';
import { entryPathForForm } from './entryPath.ts';
import { InvalidInvitation, InvitationUnavailable, isInvalidInvitationError } from './InvitationProblem.tsx';
import { InviteCard } from './InviteCard.tsx';
import { useInviteAcceptance } from './useInviteAcceptance.ts';

const routeApi = getRouteApi('/invite/$token');

/**
 * /invite/{token}. Opening the link never joins the form by itself: any site can send a
 * signed-in visitor here. A visitor who can already enter data goes straight on to data entry;
 * anyone else sees the invitation and accepts it with a click ('Accept Invitation', or 'Accept
 * Invitation & Sign In' when signed out, which finishes on return from /auth).
 */
export function InviteLandingPage() {
  const { t } = useT();
  const { token } = routeApi.useParams();
  const landing = useInviteLanding(token);
  const { data: user, isPending: userPending } = useCurrentUser();
  const navigate = useNavigate();
  const acceptance = useInviteAcceptance(token);
  const signedIn = Boolean(user);
  // The server, not the cached user, says whether this visitor can already enter data.
  const formIdWithAccess = landing.data?.hasAccess ? landing.data.form.id : null;
  // Back from sign-in after 'Accept Invitation & Sign In' on this very link: finish accepting.
  const acceptOnArrival = signedIn && landing.data?.hasAccess === false && hasPendingInvite(token);
  const { acceptNow } = acceptance;
  const acceptedOnArrival = useRef(false);

  useEffect(() => {
    if (formIdWithAccess === null) return;
    if (hasPendingInvite(token)) clearPendingInvite();
    // By href: the entry page's route is registered by other work.
    void navigate({ href: entryPathForForm(formIdWithAccess), replace: true });
  }, [formIdWithAccess, token, navigate]);

  useEffect(() => {
    // The ref keeps StrictMode's repeated effect from posting twice.
    if (!acceptOnArrival || acceptedOnArrival.current) return;
    acceptedOnArrival.current = true;
    clearPendingInvite();
    acceptNow();
  }, [acceptOnArrival, acceptNow]);

  if (landing.isError) {
    return isInvalidInvitationError(landing.error) ? (
      <InvalidInvitation announce={signedIn} />
    ) : (
      <InvitationUnavailable onRetry={() => void landing.refetch()} />
    );
  }
  if (acceptance.isInvalid) return <InvalidInvitation announce />;
  if (landing.isPending || userPending || formIdWithAccess !== null || acceptOnArrival || acceptance.isAccepting) {
    return <CentredSpinner label={t('account.invite.opening')} />;
  }
  return (
    <InviteCard
      landing={landing.data}
      signedIn={signedIn}
      onAccept={signedIn ? acceptance.acceptNow : acceptance.acceptAfterSignIn}
    />
  );
}

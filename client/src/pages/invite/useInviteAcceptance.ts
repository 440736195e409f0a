/**
 * Accepting an invitation from the invite landing. Signed in, it is one POST (the user's click,
 * or their earlier click on 'Accept Invitation & Sign In' carried through sign-in), then on to
 * data entry. Signed out, the acceptance is remembered in this browser and the visitor goes to
 * /auth, which brings them back to the landing to finish it.
 */
import { errorStatusCode } from '@formscribe/common/errorMessages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CURRENT_USER_QUERY_KEY } from '../../api/currentUser.ts';
import { useAcceptInvite } from '../../api/invites.ts';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { errorText } from '../../i18n/serverMessages.ts';
import { rememberPendingInvite } from '../../stores/pendingInvite.ts';
import { saveRedirectAfterAuth } from '../../stores/redirectAfterAuth.ts';
import { showToast } from '../../stores/toastStore.ts';
import { entryPathForForm } from './entryPath.ts';
import { isInvalidInvitationError } from './InvitationProblem.tsx';

export function useInviteAcceptance(token: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useAcceptInvite(token);

  const acceptAfterSignIn = useCallback(() => {
    rememberPendingInvite(token);
    saveRedirectAfterAuth(`/invite/${encodeURIComponent(token)}`);
    void navigate({ to: '/auth' });
  }, [token, navigate]);

  const acceptNow = useCallback(() => {
    mutation.mutate(undefined, {
      // By href: the entry page's route is registered by other work. Replaced, so Back from
      // data entry does not bounce through the invite again.
      onSuccess: (landing) => void navigate({ href: entryPathForForm(landing.form.id), replace: true }),
      onError: (error) => {
        if (errorStatusCode(error) === 401) {
          // The session ended since the page loaded: sign in again, then finish accepting.
          void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
          acceptAfterSignIn();
        } else if (!isInvalidInvitationError(error)) {
          showToast({
            title: currentTranslator().t('account.errorToast'),
            description: errorText(error),
            variant: 'destructive',
          });
        }
      },
    });
  }, [mutation.mutate, navigate, queryClient, acceptAfterSignIn]);

  return {
    acceptNow,
    acceptAfterSignIn,
    /** Accepting, or accepted and on the way to data entry. */
    isAccepting: mutation.isPending || mutation.isSuccess,
    /** The link stopped working between showing the card and accepting it. */
    isInvalid: mutation.isError && isInvalidInvitationError(mutation.error),
  };
}

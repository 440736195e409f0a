import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LOGOUT_MUTATION_KEY, logout } from '../../api/authMutations.ts';
import { CURRENT_USER_QUERY_KEY } from '../../api/currentUser.ts';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { useAuthStore } from '../../stores/authStore.ts';
import { clearPendingInvite } from '../../stores/pendingInvite.ts';
import { clearRedirectAfterAuth } from '../../stores/redirectAfterAuth.ts';
import { showToast } from '../../stores/toastStore.ts';

/**
 * Sign Out from the navigation: log out, go to /auth, forget everything cached. A failure says
 * 'Logout failed' (a click that does nothing would leave the user thinking they were signed out
 * on a shared computer), leaving them signed in and able to try again.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationKey: LOGOUT_MUTATION_KEY,
    mutationFn: logout,
    onSuccess: async () => {
      // Leave the guarded page first: clearing the user while it is still on screen would make
      // its guard remember it as the place to come back to after the next sign-in.
      await navigate({ to: '/auth' });
      // removeQueries rather than clear(): clear() would also drop this very mutation mid-flight.
      queryClient.removeQueries();
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      useAuthStore.getState().clear();
      clearRedirectAfterAuth();
      // The next person on this browser must not join a form the last one chose to accept.
      clearPendingInvite();
    },
    onError: (error) => {
      console.error('Logout failed', error);
      const { t } = currentTranslator();
      showToast({
        title: t('app.layout.logoutFailed'),
        description: t('app.layout.logoutFailedDescription'),
        variant: 'destructive',
      });
    },
  });
  return { signOut: () => mutation.mutate(), isSigningOut: mutation.isPending };
}

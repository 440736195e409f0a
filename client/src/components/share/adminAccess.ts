/**
 * Admin access: a manager opens one image's data entry in a new tab through a short-lived
 * token (POST /api/forms/{id}/admin-access, then /entry/{token}?imageId=). The tab is opened
 * at once, while the click still counts as a user gesture (popup blockers refuse tabs opened
 * after a network wait), and pointed at the entry page when the token arrives.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { createAdminAccess } from '../../api/invites.ts';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { showToast } from '../../stores/toastStore.ts';

export function adminEntryPath(token: string, imageId: number): string {
  return `/entry/${encodeURIComponent(token)}?imageId=${imageId}`;
}

/** Fetches a token and sends `tab` (or, if the browser gave none, a new tab) to the admin entry page. */
export async function openAdminEntryInTab(formId: number, imageId: number, tab: Window | null): Promise<void> {
  try {
    const access = await createAdminAccess(formId, imageId);
    const path = adminEntryPath(access.token, access.imageId);
    if (tab && !tab.closed) {
      // Same origin, so the tab could reach back into this one; it has no need to.
      tab.opener = null;
      tab.location.href = path;
    } else if (!window.open(path, '_blank', 'noopener')) {
      window.location.assign(path);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * `openAdminEntry(imageId)` for an image's menu item or button; call it straight from the
 * click handler. Failures show 'Failed to create admin access'.
 */
export function useAdminAccess(formId: number) {
  const mutation = useMutation({
    mutationFn: ({ imageId, tab }: { imageId: number; tab: Window | null }) =>
      openAdminEntryInTab(formId, imageId, tab),
    onError: () =>
      showToast({ title: currentTranslator().t('progress.share.adminAccessFailed'), variant: 'destructive' }),
  });
  const { mutate } = mutation;
  const openAdminEntry = useCallback(
    (imageId: number) => mutate({ imageId, tab: window.open('about:blank', '_blank') }),
    [mutate],
  );
  return { openAdminEntry, isPending: mutation.isPending };
}

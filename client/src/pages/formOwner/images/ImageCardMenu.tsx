import { css } from '@emotion/react';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useImageAction } from '../../../api/images.ts';
import { ImageHistoryDialog } from '../../../components/audit/ImageHistoryDialog.tsx';
import { useAdminAccess } from '../../../components/share/adminAccess.ts';
import {
  dangerMenuItemStyles,
  menuContentStyles,
  menuItemStyles,
  menuSeparatorStyles,
} from '../../../components/ui/menuStyles.ts';
import { controlFaceStyles } from '../../../components/ui/surfaceStyles.ts';
import { Tooltip } from '../../../components/ui/Tooltip.tsx';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { DeleteImageDialog } from './DeleteImageDialog.tsx';

const triggerStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  ${controlFaceStyles};
  font-size: 1.125rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

const linkItemStyles = css`
  text-decoration: none;
`;

interface ImageCardMenuProps {
  image: ImageResponse;
  /** Its entries or votes complete it: there is nothing to mark, and nothing to unmark. */
  completedAutomatically: boolean;
}

/**
 * Add Entry, Open in New Tab (the spec's admin access, /entry/{token}?imageId=), Mark Complete /
 * Mark Uncomplete, History and Delete for one image card.
 * Not modal: a modal menu hides the page from screen readers (aria-hidden) while its trigger stays focusable.
 */
export function ImageCardMenu({ image, completedAutomatically }: ImageCardMenuProps) {
  const { t } = useT();
  const { openAdminEntry, isPending: openingTab } = useAdminAccess(image.formId);
  const markComplete = useImageAction(image.formId, 'complete');
  const markUncomplete = useImageAction(image.formId, 'uncomplete');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [showingHistory, setShowingHistory] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  function toggleComplete() {
    if (image.manuallyCompleted) {
      markUncomplete.mutate(image.id, {
        onSuccess: () => showToast({ title: t('ownerTabs.completion.unmarked') }),
        onError: () => showToast({ title: t('ownerTabs.completion.unmarkFailed'), variant: 'destructive' }),
      });
    } else {
      markComplete.mutate(image.id, {
        onSuccess: () => showToast({ title: t('ownerTabs.completion.marked') }),
        onError: () => showToast({ title: t('ownerTabs.completion.markFailed'), variant: 'destructive' }),
      });
    }
  }

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <Tooltip label={t('ownerTabs.imageMenu.options')}>
          <DropdownMenu.Trigger
            ref={triggerRef}
            css={triggerStyles}
            aria-label={t('ownerTabs.imageMenu.optionsFor', { name: image.originalName })}
          >
            <span aria-hidden>⋯</span>
          </DropdownMenu.Trigger>
        </Tooltip>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} css={menuContentStyles}>
            <DropdownMenu.Item asChild css={[menuItemStyles, linkItemStyles]}>
              <Link to="/forms/$formId/entry" params={{ formId: String(image.formId) }} search={{ imageId: image.id }}>
                {t('ownerTabs.imageMenu.addEntry')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item css={menuItemStyles} onSelect={() => openAdminEntry(image.id)} disabled={openingTab}>
              {t('ownerTabs.imageMenu.openInNewTab')}
            </DropdownMenu.Item>
            {completedAutomatically ? (
              // Shown, not hidden: the owner looking for 'Mark Uncomplete' learns why it is not there.
              <DropdownMenu.Item css={menuItemStyles} disabled>
                {t('ownerTabs.imageMenu.completedAutomatically')}
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                css={menuItemStyles}
                onSelect={toggleComplete}
                disabled={markComplete.isPending || markUncomplete.isPending}
              >
                {image.manuallyCompleted ? t('ownerTabs.imageMenu.markUncomplete') : t('ownerTabs.completion.mark')}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item css={menuItemStyles} onSelect={() => setShowingHistory(true)}>
              {t('ownerTabs.imageMenu.history')}
            </DropdownMenu.Item>
            <DropdownMenu.Separator css={menuSeparatorStyles} />
            <DropdownMenu.Item css={dangerMenuItemStyles} onSelect={() => setConfirmingDelete(true)}>
              {t('common.delete')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <DeleteImageDialog
        image={image}
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        returnFocusTo={triggerRef}
      />
      <ImageHistoryDialog
        formId={image.formId}
        imageId={image.id}
        imageName={image.originalName}
        open={showingHistory}
        onOpenChange={setShowingHistory}
        returnFocusTo={triggerRef}
      />
    </>
  );
}

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { RefObject } from 'react';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { menuContentStyles, menuItemStyles, menuSeparatorStyles } from '../../components/ui/menuStyles.ts';
import { useT } from '../../i18n/useT.ts';
import type { CONTENT_ACTIONS, ContentActionKey } from './formActions.ts';

export interface FormActionsMenuProps {
  contentActions: ReadonlyArray<(typeof CONTENT_ACTIONS)[number]>;
  onContentAction: (key: ContentActionKey) => void;
  onOpenSettings: () => void;
  /** Called when the menu opens (the owner page starts loading its dialogs then). */
  onOpen?: () => void;
  /** The Actions button, so dialogs opened from the menu can give focus back to it. */
  triggerRef?: RefObject<HTMLButtonElement | null>;
}

/**
 * The header's Actions menu: the content actions that apply, then Settings. Loaded when first
 * used (FormActionsMenu), so it mounts open.
 * Not modal: a modal menu hides the page from screen readers (aria-hidden) while its trigger stays focusable.
 */
export function FormActionsDropdown({
  contentActions,
  onContentAction,
  onOpenSettings,
  onOpen,
  triggerRef,
}: FormActionsMenuProps) {
  const { t } = useT();
  return (
    <DropdownMenu.Root modal={false} defaultOpen onOpenChange={(open) => open && onOpen?.()}>
      <DropdownMenu.Trigger ref={triggerRef} css={buttonStyles('secondary')}>
        {t('owner.actions')}
        <span aria-hidden>▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} css={menuContentStyles}>
          {contentActions.map((action) => (
            <DropdownMenu.Item key={action.key} css={menuItemStyles} onSelect={() => onContentAction(action.key)}>
              {t(action.label)}
            </DropdownMenu.Item>
          ))}
          {contentActions.length > 0 && <DropdownMenu.Separator css={menuSeparatorStyles} />}
          <DropdownMenu.Item css={menuItemStyles} onSelect={onOpenSettings}>
            {t('owner.settings')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The header's Actions button. Radix's dropdown menu (with its focus and scroll handling, ≈ 15 kB
 * brotli) is not needed to paint the owner page, so the button is plain until first used: a press
 * (click, Enter, Space or Arrow Down) loads the menu and opens it; hovering or focusing the button
 * starts the download early. The menu then stays, with its own trigger.
 */
import { lazy, Suspense, useState } from 'react';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { useT } from '../../i18n/useT.ts';
import type { FormActionsMenuProps } from './FormActionsDropdown.tsx';

const loadDropdown = () => import('./FormActionsDropdown.tsx');
const FormActionsDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.FormActionsDropdown })));

function PlainActionsButton({
  triggerRef,
  onPress,
}: Pick<FormActionsMenuProps, 'triggerRef'> & { onPress?: () => void }) {
  const { t } = useT();
  return (
    <button
      type="button"
      ref={triggerRef}
      css={buttonStyles('secondary')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={onPress}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        onPress?.();
      }}
    >
      {t('owner.actions')}
      <span aria-hidden>▾</span>
    </button>
  );
}

export function FormActionsMenu(props: FormActionsMenuProps) {
  const [used, setUsed] = useState(false);
  if (!used) {
    const open = () => {
      props.onOpen?.();
      setUsed(true);
    };
    return <PlainActionsButton triggerRef={props.triggerRef} onPress={open} />;
  }
  return (
    <Suspense fallback={<PlainActionsButton triggerRef={props.triggerRef} />}>
      <FormActionsDropdown {...props} />
    </Suspense>
  );
}

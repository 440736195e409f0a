/**
 * The menu button of narrow screens. The slide-out panel (a Radix Dialog) is code no page needs
 * for its first paint, so it loads when the button is first pressed (or hovered/focused, to be
 * ready by the press) and stays for later openings.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useT } from '../../i18n/useT.ts';
import { Tooltip } from '../ui/Tooltip.tsx';
import { menuButtonStyles } from './menuButtonStyles.ts';

const loadPanel = () => import('./MobileMenuPanel.tsx');
const MobileMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.MobileMenuPanel })));

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function MobileMenu() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Tooltip label={t('app.layout.openMenu')}>
        <button
          ref={buttonRef}
          type="button"
          css={menuButtonStyles}
          aria-label={t('app.layout.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          <MenuIcon />
        </button>
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}

import { css } from '@emotion/react';
import { textDirection } from '@formscribe/common/i18n/locales';
import { Tooltip } from '../../components/ui/Tooltip.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const fabStyles = css`
  position: fixed;
  inset-inline-end: 1.5rem;
  inset-block-end: 1.5rem;
  z-index: 20;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3.5rem;
  height: 3.5rem;
  border: none;
  border-radius: 50%;
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  box-shadow: ${theme.shadows.raised};
  cursor: pointer;
  transition: background-color 120ms ease;
  &:hover {
    background: ${theme.colors.primaryHover};
  }
  &:focus-visible {
    outline: none;
    box-shadow:
      ${theme.focusRing},
      ${theme.shadows.raised};
  }
`;

/** The floating "+" that opens the create dialog; shown only to users who may create forms. */
export function CreateFormFab({ onClick }: { onClick: () => void }) {
  const { t, locale } = useT();
  // The tooltip opens towards the page, away from the edge the button sits on.
  const towardsPage = textDirection(locale) === 'rtl' ? 'right' : 'left';
  return (
    <Tooltip label={t('account.dashboard.createNewForm')} side={towardsPage}>
      <button type="button" css={fabStyles} onClick={onClick} aria-label={t('account.dashboard.createNewForm')}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </Tooltip>
  );
}

import { css, keyframes } from '@emotion/react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const spinnerStyles = css`
  width: 2.5rem;
  height: 2.5rem;
  border: 3px solid ${theme.colors.primarySoft};
  border-top-color: ${theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const centredStyles = css`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 60vh;
  width: 100%;
`;

/** `label` names what is loading; without one the spinner says just that something is. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useT();
  return <div role="status" aria-label={label ?? t('app.ui.loading')} css={spinnerStyles} />;
}

/** What a page shows while the signed-in user (or the page itself) is still loading. */
export function CentredSpinner({ label }: { label?: string }) {
  return (
    <div css={centredStyles}>
      <Spinner label={label} />
    </div>
  );
}

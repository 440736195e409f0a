import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { theme } from '../../theme/theme.ts';
import { EntryHelpDialog } from './EntryHelpDialog.tsx';

const barStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.5rem 1rem;
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  ${theme.media.desktop} {
    padding: 0.5rem 1.5rem;
  }
`;

const brandStyles = css`
  font-weight: 700;
  color: ${theme.colors.primary};
  ${theme.media.mobile} {
    display: none;
  }
`;

const endStyles = css`
  display: flex;
  align-items: center;
  gap: 1rem;
`;

/** The editor for those who manage the form (spec section 2), the dashboard for everyone else. */
export function EntryTopBar({ formId, canManage }: { formId: number | null; canManage: boolean }) {
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <header css={barStyles}>
      {canManage && formId !== null ? (
        <Link to="/forms/$formId" params={{ formId: String(formId) }} css={buttonStyles('ghost')}>
          <span aria-hidden>←</span>
          Back to Form Editor
        </Link>
      ) : (
        <Link to="/" css={buttonStyles('ghost')}>
          <span aria-hidden>←</span>
          Back to Dashboard
        </Link>
      )}
      <div css={endStyles}>
        <span css={brandStyles}>Formscribe</span>
        <Button variant="secondary" onClick={() => setHelpOpen(true)} aria-haspopup="dialog">
          Help
        </Button>
      </div>
      <EntryHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </header>
  );
}

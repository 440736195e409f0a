import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { theme } from '../../theme/theme.ts';

const panelStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 4rem 1rem;
  text-align: center;
  p {
    color: ${theme.colors.textMuted};
  }
`;

/** A form that does not exist, or that this user may not see (the API answers 404 for both). */
export function FormNotFound() {
  return (
    <section css={panelStyles}>
      <h1>Form not found</h1>
      <p>The form may have been deleted, or you may not have access to it.</p>
      <Link to="/" css={buttonStyles('primary')}>
        Back to Forms
      </Link>
    </section>
  );
}

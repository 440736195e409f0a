import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

const emptyStateStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  padding: 3rem 1.5rem;
  text-align: center;
  background: ${theme.colors.surface};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.medium};
  h2 {
    font-size: ${theme.fontSizes.large};
  }
  p {
    color: ${theme.colors.textMuted};
    max-width: 32rem;
  }
`;

/**
 * PLACEHOLDER until the forms work lands: it replaces this with the real list (GET /api/forms,
 * My Forms / Shared With Me, cards with progress, the create button and dialog, the tutorial).
 * Until then every dashboard shows the empty state.
 */
export function FormListPlaceholder() {
  return (
    <section css={emptyStateStyles}>
      <h2>No forms yet</h2>
      <p>Forms you create, and forms shared with you through an invite link, will appear here.</p>
    </section>
  );
}

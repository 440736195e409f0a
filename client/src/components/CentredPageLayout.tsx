import { css } from '@emotion/react';
import type { ReactNode } from 'react';

const pageStyles = css`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 100vh;
  padding: 2rem 1rem;
`;

const columnStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  width: 100%;
  max-width: 440px;
`;

/** The frame of the signed-out screens (sign-in, password reset, e-mail verification, 404). */
export function CentredPageLayout({ children }: { children: ReactNode }) {
  return (
    <main css={pageStyles}>
      <div css={columnStyles}>{children}</div>
    </main>
  );
}

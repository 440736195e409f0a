import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { ReactNode } from 'react';
import { FormLogo, logoSizeForDescription } from '../../components/forms/FormLogo.tsx';
import { theme } from '../../theme/theme.ts';

const headerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 1rem;
`;

const identityStyles = css`
  display: flex;
  align-items: flex-start;
  gap: 1rem;
  flex: 1 1 20rem;
  min-width: 0;
`;

const textStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 0;
  h1 {
    font-size: ${theme.fontSizes.title};
    overflow-wrap: anywhere;
  }
`;

const organizationStyles = css`
  font-size: ${theme.fontSizes.small};
  font-weight: 600;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const descriptionStyles = css`
  white-space: pre-line;
  overflow-wrap: anywhere;
  color: ${theme.colors.text};
`;

const asideStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-left: auto;
`;

/** The form's identity above the work area: logo, organization, name and description. */
export function EntryFormHeader({ form, children }: { form: FormResponse; children?: ReactNode }) {
  return (
    <div css={headerStyles}>
      <div css={identityStyles}>
        <FormLogo logoUrl={form.logoUrl} formName={form.name} size={logoSizeForDescription(form.description)} />
        <div css={textStyles}>
          {form.organizationName &&
            (form.organizationUrl ? (
              <a href={form.organizationUrl} target="_blank" rel="noopener noreferrer" css={organizationStyles}>
                {form.organizationName}
              </a>
            ) : (
              <span css={organizationStyles}>{form.organizationName}</span>
            ))}
          <h1>{form.name}</h1>
          {form.description && <p css={descriptionStyles}>{form.description}</p>}
        </div>
      </div>
      {children && <div css={asideStyles}>{children}</div>}
    </div>
  );
}

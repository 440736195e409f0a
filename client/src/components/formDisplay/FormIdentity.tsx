import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';
import { FormLogo, logoSizeForDescription } from './FormLogo.tsx';

const identityStyles = css`
  display: flex;
  align-items: flex-start;
  gap: 1rem;
  flex: 1 1 20rem;
  min-width: 0;
`;

const textStyles = (gap: string) => css`
  display: flex;
  flex-direction: column;
  gap: ${gap};
  min-width: 0;
  h1 {
    font-size: ${theme.fontSizes.title};
    overflow-wrap: anywhere;
  }
`;

const descriptionStyles = css`
  white-space: pre-line;
  overflow-wrap: anywhere;
  color: ${theme.colors.text};
`;

interface FormIdentityProps {
  form: FormResponse;
  /** Space between the lines of text: the owner's roomier header spreads them a little more. */
  textGap: string;
  /** Shown above the name: the entry page leads with the organization, as on the paper form. */
  above?: ReactNode;
  /** Shown under the description: the owner page puts the organization last. */
  below?: ReactNode;
}

/** A form's logo (sized to its description), name and description, as a page heading. */
export function FormIdentity({ form, textGap, above, below }: FormIdentityProps) {
  return (
    <div css={identityStyles}>
      <FormLogo logoUrl={form.logoUrl} formName={form.name} size={logoSizeForDescription(form.description)} />
      <div css={textStyles(textGap)}>
        {above}
        <h1>{form.name}</h1>
        {form.description && <p css={descriptionStyles}>{form.description}</p>}
        {below}
      </div>
    </div>
  );
}

import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { ReactNode } from 'react';
import { FormIdentity } from '../../components/formDisplay/FormIdentity.tsx';
import { theme } from '../../theme/theme.ts';

const headerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 1rem;
`;

const organizationStyles = css`
  font-size: ${theme.fontSizes.small};
  font-weight: 600;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const asideStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-inline-start: auto;
`;

/** The form's identity above the work area: logo, organization, name and description. */
export function EntryFormHeader({ form, children }: { form: FormResponse; children?: ReactNode }) {
  return (
    <div css={headerStyles}>
      <FormIdentity
        form={form}
        textGap="0.25rem"
        above={
          form.organizationName &&
          (form.organizationUrl ? (
            <a href={form.organizationUrl} target="_blank" rel="noopener noreferrer" css={organizationStyles}>
              {form.organizationName}
            </a>
          ) : (
            <span css={organizationStyles}>{form.organizationName}</span>
          ))
        }
      />
      {children && <div css={asideStyles}>{children}</div>}
    </div>
  );
}

import { css } from '@emotion/react';
import { type TextareaHTMLAttributes, useId } from 'react';
import { theme } from '../../theme/theme.ts';
import { FieldFrame } from './FieldFrame.tsx';

const textareaStyles = css`
  min-height: 5rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.small};
  font: inherit;
  color: ${theme.colors.text};
  background: ${theme.colors.surface};
  resize: vertical;
  &:focus {
    outline: none;
    border-color: ${theme.colors.focus};
    box-shadow: ${theme.focusRing};
  }
`;

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
}

/** A labelled multi-line input, the textarea sibling of ui/TextField. */
export function TextAreaField({ label, rows = 3, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label}>
      <textarea id={id} rows={rows} css={textareaStyles} {...props} />
    </FieldFrame>
  );
}

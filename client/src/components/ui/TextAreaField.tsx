import { css } from '@emotion/react';
import { type TextareaHTMLAttributes, useId } from 'react';
import { FieldFrame } from './FieldFrame.tsx';
import { textInputStyles } from './textInputStyles.ts';

const textareaStyles = css`
  ${textInputStyles};
  min-height: 5rem;
  resize: vertical;
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

/**
 * The digital form for one image, drawn by the shared field renderer: editable fields, verified
 * ones locked and green with the agreed value. Enter submits from any field but a text area
 * (where it starts a new line) and buttons (which it presses).
 */
import { css } from '@emotion/react';
import type { FormField } from '@formscribe/common/fields';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { FormFieldView, formFieldsLayoutStyles } from '../../components/fieldRendering/FormFieldView.tsx';
import { theme } from '../../theme/theme.ts';
import { displayedValue, type EntryValues, isVerifiedField, type VerificationMap } from './entryValues.ts';

const ENTRY_FORM_ATTRIBUTE = 'data-entry-form';
const EDITABLE_CONTROL = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

function isTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** Puts focus on the first field that can be typed in, if the entry form is on the page. */
export function focusFirstEntryField(): void {
  if (isTouchScreen()) return;
  document.querySelector(`[${ENTRY_FORM_ATTRIBUTE}]`)?.querySelector<HTMLElement>(EDITABLE_CONTROL)?.focus();
}

const formStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

const emptyStyles = css`
  padding: 1rem 0;
  color: ${theme.colors.textMuted};
`;

interface EntryFieldsProps {
  fields: readonly FormField[];
  values: EntryValues;
  verification: VerificationMap;
  locked: boolean;
  onChange: (fieldId: string, value: string) => void;
  onSubmit: () => void;
  /** Focus the first editable field once shown (a new image). */
  autoFocus: boolean;
  /** The Submit button and anything else under the fields. */
  children?: ReactNode;
}

export function EntryFields({
  fields,
  values,
  verification,
  locked,
  onChange,
  onSubmit,
  autoFocus,
  children,
}: EntryFieldsProps) {
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // Not while a dialog (the tutorial) holds focus: it hands focus over when it closes. Not on
    // touch screens either, where focus would pop up the on-screen keyboard over the image.
    if (autoFocus && !document.querySelector('[role="dialog"]') && !isTouchScreen()) {
      formRef.current?.querySelector<HTMLElement>(EDITABLE_CONTROL)?.focus();
    }
  }, [autoFocus]);

  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const target = event.target;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement) return;
    if (target instanceof HTMLAnchorElement) return;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    event.preventDefault();
    onSubmit();
  }

  return (
    <form
      ref={formRef}
      aria-label="Data entry form"
      css={formStyles}
      noValidate
      {...{ [ENTRY_FORM_ATTRIBUTE]: '' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      onKeyDown={handleKeyDown}
    >
      {fields.length === 0 ? (
        <p css={emptyStyles}>This form has no fields yet.</p>
      ) : (
        <div css={formFieldsLayoutStyles}>
          {fields.map((field) => (
            <FormFieldView
              key={field.id}
              field={field}
              value={displayedValue(field, values, verification)}
              verified={isVerifiedField(field, verification)}
              disabled={locked}
              onChange={(value) => onChange(field.id, value)}
            />
          ))}
        </div>
      )}
      {children}
    </form>
  );
}

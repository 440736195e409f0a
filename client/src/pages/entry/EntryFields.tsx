/**
 * The digital form for one image, drawn by the shared field renderer: editable fields, verified
 * ones locked and green with the agreed value. Under each field its help, the rule its value
 * breaks with the "as written on the page" mark, and an example crop of the sample image where
 * the field has a region. Enter submits from any field but a text area (where it starts a new
 * line) and buttons (which it presses).
 */
import { css } from '@emotion/react';
import type { FormField } from '@formscribe/common/fields';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { FormFieldView, formFieldsLayoutStyles } from '../../components/fieldRendering/FormFieldView.tsx';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { AsWrittenMark } from './AsWrittenMark.tsx';
import { ExampleCrop } from './ExampleCrop.tsx';
import type { RuleProblems } from './entryRules.ts';
import { displayedValue, type EntryValues, isVerifiedField, type VerificationMap } from './entryValues.ts';

const ENTRY_FORM_ATTRIBUTE = 'data-entry-form';
const EDITABLE_CONTROL = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

function isTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * The first field that can be typed in, if the entry form is on the page; none on touch screens,
 * where focus would pop up the on-screen keyboard over the image.
 */
export function firstEntryFocusTarget(): HTMLElement | null {
  if (isTouchScreen()) return null;
  return document.querySelector(`[${ENTRY_FORM_ATTRIBUTE}]`)?.querySelector<HTMLElement>(EDITABLE_CONTROL) ?? null;
}

/** Puts focus on the first field that can be typed in, if the entry form is on the page. */
export function focusFirstEntryField(): void {
  firstEntryFocusTarget()?.focus();
}

/** Puts focus on a field's control (to show the contributor the value a refusal is about). */
export function focusEntryField(fieldId: string): void {
  const form = document.querySelector(`[${ENTRY_FORM_ATTRIBUTE}]`);
  const box = [...(form?.querySelectorAll<HTMLElement>('[data-field-id]') ?? [])].find(
    (element) => element.dataset.fieldId === fieldId,
  );
  box?.querySelector<HTMLElement>(EDITABLE_CONTROL)?.focus();
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
  /** The rules' word on the values (see useEntryRules); absent, nothing is checked. */
  rules?: {
    problems: RuleProblems;
    /** Problems that are rule breaks, which may be marked as written. */
    breaks: RuleProblems;
    marked: ReadonlySet<string>;
    setMarked: (fieldId: string, marked: boolean) => void;
  };
  /** The form's sample image (a display copy), cropped to each field's region as its example. */
  sampleSrc?: string;
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
  rules,
  sampleSrc,
}: EntryFieldsProps) {
  const { t } = useT();
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
      aria-label={t('entry.fields.formLabel')}
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
        <p css={emptyStyles}>{t('entry.fields.none')}</p>
      ) : (
        <div css={formFieldsLayoutStyles}>
          {fields.map((field) => {
            const breaks = rules?.breaks[field.id] !== undefined;
            const marked = breaks && (rules?.marked.has(field.id) ?? false);
            // Rule messages come from common (and refusals from the server) in English.
            const problem = rules?.problems[field.id];
            return (
              <FormFieldView
                key={field.id}
                field={field}
                value={displayedValue(field, values, verification)}
                verified={isVerifiedField(field, verification)}
                disabled={locked}
                onChange={(value) => onChange(field.id, value)}
                problem={problem === undefined ? undefined : translateServerMessage(problem)}
                problemAccepted={marked}
                extra={
                  <>
                    {breaks && rules && (
                      <AsWrittenMark
                        fieldLabel={field.label}
                        checked={marked}
                        disabled={locked}
                        onChange={(on) => rules.setMarked(field.id, on)}
                      />
                    )}
                    {sampleSrc && field.region && (
                      <ExampleCrop src={sampleSrc} region={field.region} fieldLabel={field.label} />
                    )}
                  </>
                }
              />
            );
          })}
        </div>
      )}
      {children}
    </form>
  );
}

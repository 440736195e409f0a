/**
 * What sits under a field on a digital form: the owner's help text, the rule the value breaks,
 * and whatever the page adds (the "as written" mark, an example crop). Help and problem carry ids
 * derived from the control's, so the control names them in aria-describedby and a screen reader
 * reads them with it.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';

const helpStyles = css`
  margin: 0;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  white-space: pre-line;
`;

const problemStyles = (accepted: boolean) => css`
  margin: 0;
  font-size: ${theme.fontSizes.small};
  color: ${accepted ? theme.colors.textMuted : theme.colors.danger};
`;

export const helpIdOf = (controlId: string) => `${controlId}-help`;
export const problemIdOf = (controlId: string) => `${controlId}-problem`;

/** The ids the control's aria-describedby lists: its help, its problem and anything else given. */
export function notesDescribedBy(
  controlId: string,
  notes: { help?: string; problem?: string },
  ...more: (string | undefined)[]
): string | undefined {
  const ids = [
    notes.help ? helpIdOf(controlId) : undefined,
    notes.problem ? problemIdOf(controlId) : undefined,
    ...more,
  ].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface FieldNotesProps {
  controlId: string;
  help?: string;
  problem?: string;
  /** The value is kept as written on the page: the problem is still shown, calmly. */
  problemAccepted?: boolean;
  extra?: ReactNode;
}

export function FieldNotes({ controlId, help, problem, problemAccepted = false, extra }: FieldNotesProps) {
  return (
    <>
      {help && (
        <p id={helpIdOf(controlId)} css={helpStyles}>
          {help}
        </p>
      )}
      {problem && (
        <p id={problemIdOf(controlId)} role="alert" css={problemStyles(problemAccepted)}>
          {problem}
        </p>
      )}
      {extra}
    </>
  );
}

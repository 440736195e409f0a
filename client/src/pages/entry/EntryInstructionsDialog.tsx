/**
 * The instructions' dialog (EntryInstructions.tsx decides when it shows). Its own module, loaded
 * when first opened: Radix's dialog and scroll lock are a fifth of the entry page's own code, and
 * most pages open without it (B13).
 */
import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { firstEntryFocusTarget } from './EntryFields.tsx';
import type { FormInstructions } from './formInstructions.ts';

const textStyles = css`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
  line-height: 1.6;
`;

const footerStyles = css`
  display: flex;
  justify-content: flex-end;
  padding-top: 0.5rem;
  border-top: 1px solid ${theme.colors.border};
`;

export function InstructionsDialog({
  instructions,
  startsOpen,
}: {
  instructions: FormInstructions;
  /** Whether the page opened with it: that first showing hands focus to the form when closed. */
  startsOpen: boolean;
}) {
  const { t } = useT();
  // Reopened from the button, focus goes back to it; the first showing hands it to the form.
  const [firstShowing, setFirstShowing] = useState(startsOpen);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  if (!instructions.text) return null;
  const close = (open: boolean) => {
    if (!open && firstShowing) {
      returnFocusTo.current = firstEntryFocusTarget();
      setFirstShowing(false);
    } else if (open) returnFocusTo.current = null;
    instructions.setOpen(open);
  };
  return (
    <DialogFrame
      open={instructions.open}
      onOpenChange={close}
      title={t('entry.instructions.button')}
      maxWidth="36rem"
      returnFocusTo={returnFocusTo}
    >
      <p css={textStyles}>{instructions.text}</p>
      <div css={footerStyles}>
        <Button onClick={() => close(false)}>
          {firstShowing ? t('entry.instructions.start') : t('entry.instructions.done')}
        </Button>
      </div>
    </DialogFrame>
  );
}

import { css } from '@emotion/react';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { theme } from '../../theme/theme.ts';
import { SHORTCUT_HELP } from './entryShortcuts.ts';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  h3 {
    font-size: ${theme.fontSizes.body};
  }
  ol,
  ul {
    margin: 0;
    padding-left: 1.25rem;
    font-size: ${theme.fontSizes.small};
  }
`;

const tableStyles = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.small};
  th,
  td {
    padding: 0.375rem 0.5rem;
    text-align: left;
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: top;
  }
  th[scope='row'] {
    white-space: nowrap;
  }
  kbd {
    font-family: inherit;
    font-weight: 600;
  }
`;

interface EntryHelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** How data entry works, and every keyboard shortcut of the page. */
export function EntryHelpDialog({ open, onOpenChange }: EntryHelpDialogProps) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title="Data Entry Help" maxWidth="36rem">
      <section css={sectionStyles} aria-labelledby="entry-help-how">
        <h3 id="entry-help-how">How data entry works</h3>
        <ol>
          <li>Read the image on the left and type what you see into the form fields.</li>
          <li>Green fields are already verified: enough people agreed on their value.</li>
          <li>
            A message under a field means its value breaks one of the form's rules. If the page really says it, tick "As
            written on the page".
          </li>
          <li>Press Submit Form. The next image that needs you opens after a moment.</li>
          <li>If the image holds no data or cannot be read, vote instead (before typing anything).</li>
        </ol>
      </section>
      <section css={sectionStyles} aria-labelledby="entry-help-keys">
        <h3 id="entry-help-keys">Keyboard shortcuts</h3>
        <table css={tableStyles}>
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUT_HELP.map(({ keys, action }) => (
              <tr key={keys}>
                <th scope="row">
                  <kbd>{keys}</kbd>
                </th>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <MutedText>
          On a Mac, use Option in place of Alt. There, Option shortcuts wait until focus leaves a text box (press Tab
          first), because Option with a key types characters.
        </MutedText>
      </section>
    </DialogFrame>
  );
}

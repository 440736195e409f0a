import { css } from '@emotion/react';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { shortcutHelp } from './entryShortcuts.ts';

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
    padding-inline-start: 1.25rem;
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
    text-align: start;
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
  const translator = useT();
  const { t } = translator;
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={t('entry.help.title')} maxWidth="36rem">
      <section css={sectionStyles} aria-labelledby="entry-help-how">
        <h3 id="entry-help-how">{t('entry.help.howTitle')}</h3>
        <ol>
          <li>{t('entry.help.how1')}</li>
          <li>{t('entry.help.how2')}</li>
          <li>{t('entry.help.how3')}</li>
          <li>{t('entry.help.how4')}</li>
          <li>{t('entry.help.how5')}</li>
        </ol>
      </section>
      <section css={sectionStyles} aria-labelledby="entry-help-keys">
        <h3 id="entry-help-keys">{t('entry.help.keysTitle')}</h3>
        <table css={tableStyles}>
          <thead>
            <tr>
              <th scope="col">{t('entry.help.keysColumn')}</th>
              <th scope="col">{t('entry.help.actionColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {shortcutHelp(translator).map(({ keys, action }) => (
              <tr key={keys}>
                <th scope="row">
                  {/* 'Alt + →' keeps its order in Arabic too; 'Arrow keys' in Arabic reads right to left. */}
                  <kbd dir="auto">{keys}</kbd>
                </th>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <MutedText>{t('entry.help.macNote')}</MutedText>
      </section>
    </DialogFrame>
  );
}

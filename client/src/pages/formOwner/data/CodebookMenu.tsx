import { css } from '@emotion/react';
import type { CodebookFormat } from '@formscribe/common/schemas/codebook';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { codebookUrl } from '../../../api/codebook.ts';
import { buttonStyles } from '../../../components/ui/buttonStyles.ts';
import { menuContentStyles, menuItemStyles } from '../../../components/ui/menuStyles.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';

const CODEBOOK_DOWNLOADS: ReadonlyArray<{ format: CodebookFormat; label: MessageKey }> = [
  { format: 'csv', label: 'ownerTabs.codebook.csv' },
  { format: 'json', label: 'ownerTabs.codebook.json' },
];

const linkItemStyles = css`
  ${menuItemStyles};
  text-decoration: none;
  color: inherit;
`;

/**
 * The Data tab's Download codebook menu: the form's data dictionary (column names, labels, types,
 * rules, coded choices, help, units) as CSV or JSON. Plain links: the server sends each as an
 * attachment named after the form, so the browser's own download does the rest.
 * Not modal, like the Export menu beside it.
 */
export function CodebookMenu({ formId }: { formId: number }) {
  const { t } = useT();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger css={buttonStyles('secondary')}>
        {t('ownerTabs.codebook.download')}
        <span aria-hidden>▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} css={menuContentStyles}>
          {CODEBOOK_DOWNLOADS.map((download) => (
            <DropdownMenu.Item key={download.format} asChild css={linkItemStyles}>
              <a href={codebookUrl(formId, download.format)} download>
                {t(download.label)}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

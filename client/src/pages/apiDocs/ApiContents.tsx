/**
 * The API reference's table of contents: the status codes, then every operation by method and
 * path, each a link to its section. A reader on a phone otherwise scrolls past every schema to
 * find the call they want.
 */
import { css } from '@emotion/react';
import { outlinedStyles } from '../../components/ui/surfaceStyles.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import type { ApiOperation } from './openApiReading.ts';

export const STATUS_CODES_ANCHOR = 'status-codes';

const navStyles = css`
  padding: 1rem 1.25rem;
  ${outlinedStyles};
  border-radius: ${theme.radii.medium};
  background: ${theme.colors.surfaceMuted};
  h2 {
    font-size: ${theme.fontSizes.body};
    margin-bottom: 0.5rem;
  }
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
    gap: 0 1.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const linkStyles = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: ${theme.layout.tapTarget};
  color: ${theme.colors.primary};
  font-size: ${theme.fontSizes.small};
  overflow-wrap: anywhere;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

const methodStyles = css`
  flex: none;
  min-width: 3.25rem;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-weight: 700;
`;

export function ApiContents({ operations }: { operations: ApiOperation[] }) {
  const { t } = useT();
  return (
    <nav aria-labelledby="api-contents" css={navStyles}>
      <h2 id="api-contents">{t('app.apiDocs.contents')}</h2>
      <ul>
        <li>
          <a href={`#${STATUS_CODES_ANCHOR}`} css={linkStyles}>
            {t('app.apiDocs.statusCodes')}
          </a>
        </li>
        {operations.map((operation) => (
          <li key={operation.anchor}>
            <a href={`#${operation.anchor}`} css={linkStyles}>
              <span css={methodStyles}>{operation.method}</span> {operation.path}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

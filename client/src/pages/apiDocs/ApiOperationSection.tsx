/** One operation of the API reference: method and path, what it does, its parameters, body and answers. */
import { css } from '@emotion/react';
import { Badge } from '../../components/ui/Badge.tsx';
import { compactDataTableStyles } from '../../components/ui/dataTableStyles.ts';
import { MutedText } from '../../components/ui/MutedText.tsx';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { type ApiMedia, type ApiOperation, schemaTypeText } from './openApiReading.ts';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1.25rem 0;
  border-top: 1px solid ${theme.colors.border};
  /* A link from the contents lands below the phone's sticky top bar, not under it. */
  scroll-margin-top: calc(${theme.layout.mobileBarHeight} + 0.5rem);
`;

const headingStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  font-size: ${theme.fontSizes.large};
`;

const monoStyles = css`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${theme.fontSizes.small};
  overflow-wrap: anywhere;
`;

const preStyles = css`
  max-height: 24rem;
  overflow: auto;
  padding: 0.75rem;
  border-radius: ${theme.radii.small};
  background: ${theme.colors.surfaceMuted};
  font-size: 0.8125rem;
`;

const captionStyles = css`
  text-align: start;
  font-weight: 600;
  padding-bottom: 0.25rem;
`;

const ACCESS_LABELS = {
  public: 'app.apiDocs.accessPublic',
  read: 'app.apiDocs.accessRead',
  read_write: 'app.apiDocs.accessReadWrite',
} as const satisfies Record<ApiOperation['access'], MessageKey>;

function Media({ content }: { content: ApiMedia }) {
  const { t } = useT();
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <div key={type}>
          <MutedText>
            <span css={monoStyles}>{type}</span>
            {media.schema !== undefined && ` — ${schemaTypeText(media.schema)}`}
          </MutedText>
          {typeof media.schema === 'object' && media.schema !== null && 'properties' in media.schema && (
            <details>
              <summary>{t('app.apiDocs.schema')}</summary>
              {/* Scrolls on its own: focusable so keyboard users can scroll it too (axe scrollable-region-focusable). */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
              <section css={preStyles} tabIndex={0} aria-label={t('app.apiDocs.schemaOf', { type })}>
                <pre css={monoStyles}>{JSON.stringify(media.schema, null, 2)}</pre>
              </section>
            </details>
          )}
        </div>
      ))}
    </>
  );
}

/** Text of the document with its `code` spans shown as code. */
export function DocText({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        index % 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never move
          <code key={index} css={monoStyles}>
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

const isError = (status: string) => Number(status) >= 400;

export function ApiOperationSection({ operation }: { operation: ApiOperation }) {
  const { t } = useT();
  const errorStatuses = operation.responses.filter((response) => isError(response.status));
  return (
    <section id={operation.anchor} css={sectionStyles} aria-label={`${operation.method} ${operation.path}`}>
      <h2 css={headingStyles}>
        <Badge tone={operation.method === 'GET' ? 'neutral' : 'primary'}>{operation.method}</Badge>
        <span css={monoStyles}>{operation.path}</span>
      </h2>
      <p>
        <strong>{operation.summary}</strong> <Badge tone="muted">{t(ACCESS_LABELS[operation.access])}</Badge>
      </p>
      {operation.description && (
        <p>
          <DocText text={operation.description} />
        </p>
      )}
      {operation.parameters.length > 0 && (
        <table css={compactDataTableStyles}>
          <caption css={captionStyles}>{t('app.apiDocs.parameters')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('app.apiDocs.parameter')}</th>
              <th scope="col">{t('app.apiDocs.parameterIn')}</th>
              <th scope="col">{t('app.apiDocs.parameterType')}</th>
              <th scope="col">{t('app.apiDocs.parameterDescription')}</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}-${parameter.name}`}>
                <td css={monoStyles}>
                  {parameter.required ? parameter.name : t('app.apiDocs.optionalParameter', { name: parameter.name })}
                </td>
                <td>{parameter.in}</td>
                <td css={monoStyles}>{schemaTypeText(parameter.schema)}</td>
                <td>{parameter.description ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {operation.requestBody && (
        <div>
          <h3>{t('app.apiDocs.requestBody')}</h3>
          <Media content={operation.requestBody} />
        </div>
      )}
      <div>
        <h3>{t('app.apiDocs.responses')}</h3>
        {operation.responses
          .filter((response) => !isError(response.status))
          .map((response) => (
            <div key={response.status}>
              <p>
                <span css={monoStyles}>{response.status}</span> <DocText text={response.description} />
              </p>
              {response.content && response.status.startsWith('2') && <Media content={response.content} />}
            </div>
          ))}
        <MutedText>
          {t('app.apiDocs.errorStatuses', { statuses: errorStatuses.map((response) => response.status).join(', ') })}
        </MutedText>
      </div>
    </section>
  );
}

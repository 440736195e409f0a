/** /api-docs: the public API's reference, rendered from its OpenAPI document (GET /api/v1/openapi.json). */
import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { OPENAPI_DOCUMENT_URL, useOpenApiDocument } from '../../api/apiTokens.ts';
import { CardText, PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { standaloneLinkStyles } from '../../components/ui/linkStyles.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { theme } from '../../theme/theme.ts';
import { ApiOperationSection, DocText } from './ApiOperationSection.tsx';
import { type ApiOperation, readOperations } from './openApiReading.ts';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  max-width: 960px;
  margin: 0 auto;
  padding: 2rem 1rem 4rem;
  background: ${theme.colors.surface};
  min-height: 100vh;
`;

const linksStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
`;

const statusListStyles = css`
  display: grid;
  gap: 0.25rem;
  margin: 0.5rem 0 0;
  div {
    display: flex;
    gap: 0.75rem;
  }
  dt {
    min-width: 2.5rem;
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/** Every error status the document names, once, with its description (they mean the same on every route). */
function errorStatuses(operations: ApiOperation[]): [string, string][] {
  const found = new Map<string, string>();
  for (const { responses } of operations) {
    for (const { status, description } of responses) {
      if (Number(status) >= 400 && !found.has(status)) found.set(status, description);
    }
  }
  return [...found].sort(([a], [b]) => a.localeCompare(b));
}

function Reference({ document }: { document: unknown }) {
  const { title, intro, operations } = readOperations(document);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <CardText>
        <DocText text={intro} />
      </CardText>
      <div css={linksStyles}>
        <Link to="/profile" css={standaloneLinkStyles}>
          Manage your API tokens
        </Link>
        <a href={OPENAPI_DOCUMENT_URL} css={standaloneLinkStyles}>
          OpenAPI document (JSON)
        </a>
      </div>
      <section aria-labelledby="status-codes">
        <h2 id="status-codes">Status codes</h2>
        <dl css={statusListStyles}>
          {errorStatuses(operations).map(([status, description]) => (
            <div key={status}>
              <dt>{status}</dt>
              <dd>
                <DocText text={description} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {operations.map((operation) => (
        <ApiOperationSection key={`${operation.method} ${operation.path}`} operation={operation} />
      ))}
    </>
  );
}

export function ApiDocsPage() {
  const document = useOpenApiDocument();
  return (
    <main css={pageStyles}>
      {document.isPending ? (
        <CentredSpinner label="Loading the API reference" />
      ) : document.isError ? (
        <InlineAlert tone="error">The API reference could not be loaded.</InlineAlert>
      ) : (
        <Reference document={document.data} />
      )}
    </main>
  );
}

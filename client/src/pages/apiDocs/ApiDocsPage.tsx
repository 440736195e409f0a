/** /api-docs: the public API's reference, rendered from its OpenAPI document (GET /api/v1/openapi.json). */
import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { OPENAPI_DOCUMENT_URL, useOpenApiDocument } from '../../api/apiTokens.ts';
import { CardText, PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { standaloneLinkStyles } from '../../components/ui/linkStyles.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { theme } from '../../theme/theme.ts';
import { ApiOperationSection } from './ApiOperationSection.tsx';
import { readOperations } from './openApiReading.ts';

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

function Reference({ document }: { document: unknown }) {
  const { title, intro, operations } = readOperations(document);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <CardText>{intro}</CardText>
      <div css={linksStyles}>
        <Link to="/profile" css={standaloneLinkStyles}>
          Manage your API tokens
        </Link>
        <a href={OPENAPI_DOCUMENT_URL} css={standaloneLinkStyles}>
          OpenAPI document (JSON)
        </a>
      </div>
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

/**
 * /api-docs: the public API's reference, rendered from its OpenAPI document (GET /api/v1/openapi.json),
 * with a table of contents. The page's own words follow the reader's language; what the document
 * says (operations, schemas, status descriptions) stays in English, like the API itself.
 */
import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import { OPENAPI_DOCUMENT_URL, useOpenApiDocument } from '../../api/openApiDocument.ts';
import { AppLayout } from '../../components/appLayout/AppLayout.tsx';
import { CardText, PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { standaloneLinkStyles } from '../../components/ui/linkStyles.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { LocalePicker } from '../../i18n/LocalePicker.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { ApiContents, STATUS_CODES_ANCHOR } from './ApiContents.tsx';
import { ApiOperationSection, DocText } from './ApiOperationSection.tsx';
import { type ApiOperation, readOperations } from './openApiReading.ts';

const referenceStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  max-width: 960px;
  #${STATUS_CODES_ANCHOR} {
    scroll-margin-top: calc(${theme.layout.mobileBarHeight} + 0.5rem);
  }
`;

const signedOutBarStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  max-width: 960px;
  margin: 0 auto;
  padding: 0.5rem 1rem;
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.layout.tapTarget};
    color: ${theme.colors.primary};
    font-weight: 600;
  }
  & > a:first-of-type {
    font-size: ${theme.fontSizes.large};
    font-weight: 700;
    text-decoration: none;
  }
`;

const signedOutActionsStyles = css`
  display: flex;
  align-items: center;
  gap: 0.75rem;
`;

const signedOutMainStyles = css`
  max-width: 960px;
  margin: 0 auto;
  padding: 1rem 1rem 4rem;
  &:focus {
    outline: none;
  }
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
  const { t } = useT();
  const { title, intro, operations } = readOperations(document);
  return (
    <div css={referenceStyles}>
      <PageTitle>{title}</PageTitle>
      <CardText>
        <DocText text={intro} />
      </CardText>
      <div css={linksStyles}>
        <Link to="/profile" css={standaloneLinkStyles}>
          {t('app.apiDocs.manageTokens')}
        </Link>
        <a href={OPENAPI_DOCUMENT_URL} css={standaloneLinkStyles}>
          {t('app.apiDocs.openApiDocument')}
        </a>
      </div>
      <ApiContents operations={operations} />
      <section aria-labelledby={STATUS_CODES_ANCHOR}>
        <h2 id={STATUS_CODES_ANCHOR}>{t('app.apiDocs.statusCodes')}</h2>
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
        <ApiOperationSection key={operation.anchor} operation={operation} />
      ))}
    </div>
  );
}

function ApiReference() {
  const { t } = useT();
  const document = useOpenApiDocument();
  if (document.isPending) return <CentredSpinner label={t('app.apiDocs.loading')} />;
  if (document.isError) return <InlineAlert tone="error">{t('app.apiDocs.loadFailed')}</InlineAlert>;
  return <Reference document={document.data} />;
}

/**
 * Public, so a visitor can read it before signing up: signed in, it sits in the app's frame with
 * its navigation like every other page; signed out, a bar leads home or to sign in, beside the
 * language picker.
 */
export function ApiDocsPage() {
  const { t } = useT();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <CentredSpinner />;
  if (user) {
    return (
      <AppLayout>
        <ApiReference />
      </AppLayout>
    );
  }
  return (
    <>
      <header>
        <nav aria-label={t('app.layout.mainNavigation')} css={signedOutBarStyles}>
          <Link to="/">{t('common.productName')}</Link>
          <span css={signedOutActionsStyles}>
            <LocalePicker />
            <Link to="/auth">{t('app.apiDocs.signIn')}</Link>
          </span>
        </nav>
      </header>
      <main id="main-content" tabIndex={-1} css={signedOutMainStyles}>
        <ApiReference />
      </main>
    </>
  );
}

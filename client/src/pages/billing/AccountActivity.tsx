import { css } from '@emotion/react';
import type { BillingInvoice } from '@formscribe/common/schemas/billing';
import { useEffect } from 'react';
import { useBillingHistory } from '../../api/billing.ts';
import { Card, CardTitle } from '../../components/ui/Card.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { ResponsiveTable, type TableColumn } from '../../components/ui/ResponsiveTable.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { BillingStatusBadge } from './BillingStatusBadge.tsx';
import { formatMoney } from './money.ts';

const amountCellStyles = css`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const linkStyles = css`
  color: ${theme.colors.primary};
  margin-right: 0.75rem;
`;

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Amounts arrive unsigned; money coming back to the account reads as negative, as on a statement. */
function signedAmount(invoice: BillingInvoice): string {
  const amount = formatMoney(invoice.amount, invoice.currency);
  return invoice.type === 'credit' || invoice.type === 'refund' ? `-${amount}` : amount;
}

function InvoiceActions({ invoice }: { invoice: BillingInvoice }) {
  if (!invoice.invoiceUrl && !invoice.downloadUrl) return <MutedText as="span">—</MutedText>;
  return (
    <>
      {invoice.invoiceUrl && (
        <a css={linkStyles} href={invoice.invoiceUrl} target="_blank" rel="noreferrer">
          View
        </a>
      )}
      {invoice.downloadUrl && (
        <a css={linkStyles} href={invoice.downloadUrl} target="_blank" rel="noreferrer">
          Download
        </a>
      )}
    </>
  );
}

/** The spec's columns, in its order. */
const COLUMNS: readonly TableColumn<BillingInvoice>[] = [
  { header: 'Date', cell: (invoice) => new Date(invoice.date).toLocaleDateString() },
  { header: 'Type', cell: (invoice) => capitalize(invoice.type) },
  { header: 'Description', cell: (invoice) => invoice.description },
  { header: 'Amount', cell: signedAmount, cellStyles: amountCellStyles },
  { header: 'Status', cell: (invoice) => <BillingStatusBadge status={invoice.status} /> },
  { header: 'Actions', cell: (invoice) => <InvoiceActions invoice={invoice} /> },
];

/** The account's payments, charges and credits, newest first, with links where the provider has them. */
export function AccountActivity() {
  const history = useBillingHistory();
  useEffect(() => {
    if (history.isError) {
      showToast({ title: 'Error', description: 'Failed to fetch billing history', variant: 'destructive' });
    }
  }, [history.isError]);

  return (
    <Card aria-labelledby="account-activity">
      <CardTitle id="account-activity">Account Activity</CardTitle>
      {history.isPending ? (
        <Spinner label="Loading billing history" />
      ) : history.data && history.data.invoices.length > 0 ? (
        <ResponsiveTable
          label="Account Activity"
          columns={COLUMNS}
          rows={history.data.invoices}
          rowKey={(invoice) => invoice.id}
        />
      ) : (
        <MutedText>No billing history</MutedText>
      )}
    </Card>
  );
}

import { css } from '@emotion/react';
import type { Translator } from '@formscribe/common/i18n/translator';
import type { BillingInvoice } from '@formscribe/common/schemas/billing';
import { useEffect } from 'react';
import { useBillingHistory } from '../../api/billing.ts';
import { Card, CardTitle } from '../../components/ui/Card.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { ResponsiveTable, type TableColumn } from '../../components/ui/ResponsiveTable.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { useT } from '../../i18n/useT.ts';
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
  margin-inline-end: 0.75rem;
`;

const TYPE_WORDS = {
  invoice: 'account.billing.type.invoice',
  payment: 'account.billing.type.payment',
  credit: 'account.billing.type.credit',
  charge: 'account.billing.type.charge',
  refund: 'account.billing.type.refund',
  activity: 'account.billing.type.activity',
  failure: 'account.billing.type.failure',
} as const satisfies Record<BillingInvoice['type'], MessageKey>;

/** Amounts arrive unsigned; money coming back to the account reads as negative, as on a statement. */
function signedAmount(invoice: BillingInvoice, translator: Translator<MessageKey>): string {
  const incoming = invoice.type === 'credit' || invoice.type === 'refund';
  return formatMoney(translator, incoming ? -invoice.amount : invoice.amount, invoice.currency);
}

function InvoiceActions({ invoice }: { invoice: BillingInvoice }) {
  const { t } = useT();
  if (!invoice.invoiceUrl && !invoice.downloadUrl) return <MutedText as="span">—</MutedText>;
  return (
    <>
      {invoice.invoiceUrl && (
        <a css={linkStyles} href={invoice.invoiceUrl} target="_blank" rel="noreferrer">
          {t('account.billing.view')}
        </a>
      )}
      {invoice.downloadUrl && (
        <a css={linkStyles} href={invoice.downloadUrl} target="_blank" rel="noreferrer">
          {t('common.download')}
        </a>
      )}
    </>
  );
}

/** The spec's columns, in its order, worded and formatted in the reader's language. */
function activityColumns(translator: Translator<MessageKey>): readonly TableColumn<BillingInvoice>[] {
  const { t, date } = translator;
  return [
    { header: t('account.billing.column.date'), cell: (invoice) => date(invoice.date, { dateStyle: 'medium' }) },
    { header: t('account.billing.column.type'), cell: (invoice) => t(TYPE_WORDS[invoice.type]) },
    { header: t('account.billing.column.description'), cell: (invoice) => invoice.description },
    {
      header: t('account.billing.column.amount'),
      cell: (invoice) => signedAmount(invoice, translator),
      cellStyles: amountCellStyles,
    },
    { header: t('account.billing.column.status'), cell: (invoice) => <BillingStatusBadge status={invoice.status} /> },
    { header: t('account.billing.column.actions'), cell: (invoice) => <InvoiceActions invoice={invoice} /> },
  ];
}

/** The account's payments, charges and credits, newest first, with links where the provider has them. */
export function AccountActivity() {
  const translator = useT();
  const { t } = translator;
  const history = useBillingHistory();
  useEffect(() => {
    if (history.isError) {
      const toastWords = currentTranslator();
      showToast({
        title: toastWords.t('account.errorToast'),
        description: toastWords.t('account.billing.historyFailed'),
        variant: 'destructive',
      });
    }
  }, [history.isError]);

  return (
    <Card aria-labelledby="account-activity">
      <CardTitle id="account-activity">{t('account.billing.activityTitle')}</CardTitle>
      {history.isPending ? (
        <Spinner label={t('account.billing.loadingHistory')} />
      ) : history.data && history.data.invoices.length > 0 ? (
        <ResponsiveTable
          label={t('account.billing.activityTitle')}
          columns={activityColumns(translator)}
          rows={history.data.invoices}
          rowKey={(invoice) => invoice.id}
        />
      ) : (
        <MutedText>{t('account.billing.noHistory')}</MutedText>
      )}
    </Card>
  );
}

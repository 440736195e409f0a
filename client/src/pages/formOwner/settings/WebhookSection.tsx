/**
 * Webhooks in the settings dialog: the signing secret receivers verify with, and the last 50
 * deliveries (event, status, attempts) so an owner can see whether their endpoint keeps up.
 */
import { css } from '@emotion/react';
import type { WebhookDeliveryResponse } from '@formscribe/common/schemas/webhook';
import { useState } from 'react';
import { useRotateWebhookSecret, useWebhookDeliveries, useWebhookSecret } from '../../../api/webhooks.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding-top: 1rem;
  border-top: 1px solid ${theme.colors.border};
`;

const tableStyles = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.small};
  th,
  td {
    text-align: left;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid ${theme.colors.border};
  }
`;

const logStyles = css`
  max-height: 14rem;
  overflow: auto;
`;

const secretStyles = css`
  font-family: ui-monospace, monospace;
  width: 100%;
  padding: 0.35rem 0.5rem;
  margin-bottom: 0.5rem;
`;

const STATUS_LABELS: Record<WebhookDeliveryResponse['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

function SigningSecret({ formId }: { formId: number }) {
  const [shown, setShown] = useState(false);
  const secret = useWebhookSecret(formId, shown);
  const rotate = useRotateWebhookSecret(formId);
  return (
    <div>
      <p>
        Each delivery carries an <code>X-Formscribe-Signature</code> header: an HMAC-SHA256 of the timestamp and body,
        made with this form's signing secret.
      </p>
      {shown && secret.data?.secret ? (
        <input
          css={secretStyles}
          readOnly
          aria-label="Signing secret"
          value={secret.data.secret}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : (
        <Button variant="secondary" onClick={() => setShown(true)}>
          Show Signing Secret
        </Button>
      )}{' '}
      {shown && (
        <Button
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(undefined, {
              onSuccess: () => showToast({ title: 'Signing secret replaced' }),
              onError: () =>
                showToast({
                  title: 'Error',
                  description: 'Failed to replace the signing secret',
                  variant: 'destructive',
                }),
            })
          }
        >
          Rotate Secret
        </Button>
      )}
    </div>
  );
}

function DeliveryLog({ formId }: { formId: number }) {
  const deliveries = useWebhookDeliveries(formId);
  if (deliveries.isPending) return <p>Loading deliveries…</p>;
  if (deliveries.isError) return <p>The delivery log could not be loaded.</p>;
  if (!deliveries.data.deliveries.length) return <p>No deliveries yet.</p>;
  return (
    <div css={logStyles}>
      <table css={tableStyles} aria-label="Webhook deliveries">
        <thead>
          <tr>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>When</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.deliveries.map((delivery) => (
            <tr key={delivery.id} title={delivery.lastError ?? undefined}>
              <td>{delivery.eventType}</td>
              <td>
                {STATUS_LABELS[delivery.status]}
                {delivery.lastStatusCode ? ` (${delivery.lastStatusCode})` : ''}
              </td>
              <td>{delivery.attempts}</td>
              <td>{new Date(delivery.createdAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WebhookSection({ formId, webhookUrl }: { formId: number; webhookUrl: string | null }) {
  if (!webhookUrl) return null;
  return (
    <section css={sectionStyles} aria-labelledby="webhook-section-title">
      <h3 id="webhook-section-title">Webhook Deliveries</h3>
      <SigningSecret formId={formId} />
      <DeliveryLog formId={formId} />
    </section>
  );
}

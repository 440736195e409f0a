/**
 * A local stand-in for api.stripe.com that tests start and point the app's real stripe-node
 * client at (STRIPE_API_HOST/PORT/PROTOCOL): it records every call the app makes (method, path,
 * decoded params, idempotency key, which key pair) and answers what Stripe would for the calls
 * billing uses. Idempotency keys behave as Stripe's: a repeated key replays the first answer, and
 * the same key with other parameters is refused. No test reaches the network.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { listParam, objectParam, parseStripeParams, type StripeParams, stringParam } from './stripeFormEncoding.ts';
import { StandInBilling } from './stripeStandInBilling.ts';
import { nowSeconds, type StandInEvent, type StandInPrice, stripeError, stripeId } from './stripeStandInObjects.ts';

export interface RecordedStripeCall {
  method: string;
  path: string;
  params: StripeParams;
  idempotencyKey: string | undefined;
  /** The secret key the app authenticated with (test or live pair). */
  apiKey: string;
}

interface Answer {
  status: number;
  body: unknown;
}

const signer = new Stripe('sk_test_signer_only');

export class StripeStandIn {
  readonly calls: RecordedStripeCall[] = [];
  readonly billing = new StandInBilling();
  private readonly idempotent = new Map<string, { request: string; answer: Answer }>();

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<StripeStandIn> {
    const server = http.createServer();
    const standIn = new StripeStandIn(server);
    server.on('request', (req, res) => void standIn.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  /** The settings that send the app's Stripe client here. */
  get env(): Record<string, string> {
    const { port } = this.server.address() as AddressInfo;
    return { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' };
  }

  /** The calls to `method path` (path may hold `*` for one id segment), in order. */
  callsTo(method: string, path: string): RecordedStripeCall[] {
    const pattern = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`);
    return this.calls.filter((call) => call.method === method && pattern.test(call.path));
  }

  /** An event as Stripe would send it, its object a snapshot taken now. */
  event(type: string, object: object & { livemode: boolean }): StandInEvent {
    return {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      type,
      created: nowSeconds(),
      livemode: object.livemode,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
  }

  /** The body and Stripe-Signature header Stripe would send, signed with `secret` at `timestamp`. */
  signed(event: StandInEvent, secret: string, timestamp = nowSeconds()): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = Buffer.concat(chunks).toString('utf8');
    const params = parseStripeParams(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
    const apiKey = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const idempotencyKey =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    this.calls.push({ method, path: url.pathname, params, idempotencyKey, apiKey });

    let answer: Answer;
    let replayed = false;
    const remembered = idempotencyKey ? this.idempotent.get(`${apiKey} ${idempotencyKey}`) : undefined;
    const request = `${method} ${url.pathname} ${JSON.stringify(params)}`;
    if (remembered && remembered.request === request) {
      answer = remembered.answer;
      replayed = true;
    } else if (remembered) {
      answer = stripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      );
    } else {
      answer = this.route(method, url.pathname, params, apiKey.startsWith('sk_live_'));
      if (idempotencyKey && method !== 'GET') this.idempotent.set(`${apiKey} ${idempotencyKey}`, { request, answer });
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': stripeId('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(answer.body));
  }

  private route(method: string, path: string, params: StripeParams, livemode: boolean): Answer {
    const [, version, resource, id, extra] = path.split('/');
    if (version !== 'v1' || extra !== undefined) return this.unknown(method, path);
    const ok = (body: unknown): Answer => ({ status: 200, body });
    const missing = (kind: string) =>
      stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');
    const b = this.billing;
    const expand = listParam(params, 'expand').filter((e): e is string => typeof e === 'string');

    if (resource === 'customers') {
      if (method === 'POST' && !id) return ok(this.createCustomer(params, livemode));
      const customer = b.customers.get(id ?? '');
      if (!customer || customer.livemode !== livemode) return missing('customer');
      if (method === 'GET') return ok(customer);
    }
    if (resource === 'prices') {
      if (method === 'GET' && !id) return ok(this.listPrices(params, livemode));
      if (method === 'POST' && !id) return ok(this.createPrice(params, livemode));
    }
    if (resource === 'subscriptions') {
      if (method === 'POST' && !id) return this.createSubscription(params, livemode, expand);
      const subscription = b.subscriptions.get(id ?? '');
      if (!subscription || subscription.livemode !== livemode) return missing('subscription');
      if (method === 'GET') return ok(b.renderSubscription(subscription, expand));
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return stripeError(400, 'invalid_request_error', `No such subscription: '${id}'`, 'resource_missing');
        }
        b.cancel(subscription, stringParam(params, 'prorate') === 'true');
        return ok(b.renderSubscription(subscription, expand));
      }
      if (method === 'POST') return this.updateSubscription(subscription.id, params, expand);
    }
    if (resource === 'invoices' && method === 'GET' && !id) return ok(this.listInvoices(params, livemode));
    if (resource === 'payment_intents' && method === 'GET') {
      const intent = b.paymentIntents.get(id ?? '');
      if (!intent || intent.livemode !== livemode) return missing('payment_intent');
      return ok(intent);
    }
    return this.unknown(method, path);
  }

  private unknown(method: string, path: string): Answer {
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createCustomer(params: StripeParams, livemode: boolean) {
    const customer = {
      id: stripeId('cus'),
      object: 'customer' as const,
      email: stringParam(params, 'email') ?? null,
      name: stringParam(params, 'name') ?? null,
      metadata: stringRecord(objectParam(params, 'metadata')),
      livemode,
      balance: 0,
      created: nowSeconds(),
      invoice_settings: { default_payment_method: null },
    };
    this.billing.customers.set(customer.id, customer);
    return customer;
  }

  private listPrices(params: StripeParams, livemode: boolean) {
    const keys = listParam(params, 'lookup_keys');
    const data = [...this.billing.prices.values()].filter(
      (p) => p.livemode === livemode && p.active && (keys.length === 0 || keys.includes(p.lookup_key ?? '')),
    );
    return { object: 'list', data, has_more: false, url: '/v1/prices' };
  }

  private createPrice(params: StripeParams, livemode: boolean): StandInPrice {
    const lookupKey = stringParam(params, 'lookup_key') ?? null;
    const price: StandInPrice = {
      id: stripeId('price'),
      object: 'price',
      active: true,
      currency: stringParam(params, 'currency') ?? 'usd',
      unit_amount: Number(stringParam(params, 'unit_amount') ?? 0),
      lookup_key: lookupKey,
      recurring: { interval: stringParam(objectParam(params, 'recurring'), 'interval') ?? 'month', interval_count: 1 },
      product: stripeId('prod'),
      livemode,
      metadata: stringRecord(objectParam(params, 'metadata')),
      type: 'recurring',
    };
    // As in Stripe, a lookup key names one price: another with the same key needs transfer_lookup_key.
    for (const other of this.billing.prices.values()) {
      if (other.livemode === livemode && lookupKey && other.lookup_key === lookupKey) other.lookup_key = null;
    }
    this.billing.prices.set(price.id, price);
    return price;
  }

  private createSubscription(params: StripeParams, livemode: boolean, expand: string[]): Answer {
    const customer = this.billing.customers.get(stringParam(params, 'customer') ?? '');
    if (!customer || customer.livemode !== livemode) {
      return stripeError(400, 'invalid_request_error', 'No such customer', 'resource_missing');
    }
    const [item] = listParam(params, 'items');
    const priceId = typeof item === 'object' && !Array.isArray(item) ? stringParam(item, 'price') : undefined;
    const price = this.billing.prices.get(priceId ?? '');
    if (!price || price.livemode !== livemode) {
      return stripeError(400, 'invalid_request_error', `No such price: '${priceId}'`, 'resource_missing');
    }
    if (
      stringParam(params, 'payment_behavior') !== 'default_incomplete' &&
      !customer.invoice_settings.default_payment_method
    ) {
      return stripeError(
        402,
        'invalid_request_error',
        'This customer has no attached payment source or default payment method.',
      );
    }
    const subscription = this.billing.createSubscription(
      customer,
      price,
      stringRecord(objectParam(params, 'metadata')),
    );
    return { status: 200, body: this.billing.renderSubscription(subscription, expand) };
  }

  private updateSubscription(id: string, params: StripeParams, expand: string[]): Answer {
    const subscription = this.billing.subscriptions.get(id);
    if (!subscription) return stripeError(404, 'invalid_request_error', `No such subscription: '${id}'`);
    if (subscription.status === 'canceled') {
      return stripeError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    Object.assign(subscription.metadata, stringRecord(objectParam(params, 'metadata')));
    const [item] = listParam(params, 'items');
    const priceId = typeof item === 'object' && !Array.isArray(item) ? stringParam(item, 'price') : undefined;
    if (priceId) {
      const price = this.billing.prices.get(priceId);
      if (!price) return stripeError(400, 'invalid_request_error', `No such price: '${priceId}'`, 'resource_missing');
      const proration = stringParam(params, 'proration_behavior') ?? 'create_prorations';
      this.billing.changePrice(subscription, price, proration, stringParam(params, 'payment_behavior'));
    }
    return { status: 200, body: this.billing.renderSubscription(subscription, expand) };
  }

  private listInvoices(params: StripeParams, livemode: boolean) {
    const customer = stringParam(params, 'customer');
    const subscription = stringParam(params, 'subscription');
    const limit = Number(stringParam(params, 'limit') ?? 10);
    const data = [...this.billing.invoices.values()]
      .filter((i) => i.livemode === livemode && (!customer || i.customer === customer))
      .filter((i) => !subscription || i.parent.subscription_details.subscription === subscription)
      .reverse()
      .slice(0, limit);
    return { object: 'list', data, has_more: false, url: '/v1/invoices' };
  }
}

function stringRecord(params: StripeParams): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * The sender connects to the address that was checked, never to a fresh DNS answer: a host
 * name is resolved once (by the resolver given to the check) and the socket goes there, with the
 * Host header still naming the host. A rebinding DNS that answers differently later is not asked.
 */
import { WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVED } from '@formscribe/common/schemas/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../test/webhookReceiver.ts';
import { sendWebhook } from './webhookSender.ts';
import { checkWebhookTarget, type HostResolver, type ResolvedAddress } from './webhookTarget.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await WebhookReceiver.start();
});
afterAll(() => receiver.stop());

/** A DNS that rebinds: the first answer is `first`, every later one is `later`. */
function rebindingResolver(first: ResolvedAddress[], later: ResolvedAddress[]) {
  const calls: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    calls.push(hostname);
    return calls.length === 1 ? first : later;
  };
  return { resolve, calls };
}

describe('checkWebhookTarget + sendWebhook', () => {
  it('connects to the checked address with the URL’s Host, without resolving again', async () => {
    // `rebind.invalid` does not exist: the request can only arrive if the checked address is used.
    const dns = rebindingResolver([{ address: '127.0.0.1', family: 4 }], [{ address: '10.9.9.9', family: 4 }]);
    const target = await checkWebhookTarget(`http://rebind.invalid:${receiver.port}/hook?x=1`, {
      allowLoopback: true,
      resolve: dns.resolve,
    });
    const result = await sendWebhook(target, '{"ok":true}', { 'content-type': 'application/json' }, 2000);
    expect(result).toEqual({ delivered: true, statusCode: 200, error: null });
    expect(dns.calls).toEqual(['rebind.invalid']);
    const [request] = receiver.received;
    expect(request).toMatchObject({ method: 'POST', path: '/hook?x=1', body: '{"ok":true}' });
    expect(request?.headers.host).toBe(`rebind.invalid:${receiver.port}`);
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    const resolve: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    await expect(
      checkWebhookTarget('http://loopback.invalid/', { allowLoopback: false, resolve }),
    ).rejects.toMatchObject({ message: WEBHOOK_URL_PRIVATE, permanent: true });
  });

  it('refuses a host when any of its addresses is private, even if another is public', async () => {
    const resolve: HostResolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(checkWebhookTarget('https://mixed.invalid/', { allowLoopback: false, resolve })).rejects.toMatchObject(
      {
        message: WEBHOOK_URL_PRIVATE,
        permanent: true,
      },
    );
  });

  it('treats a host that does not resolve as a passing failure (worth a retry)', async () => {
    const resolve: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(checkWebhookTarget('https://gone.invalid/', { allowLoopback: false, resolve })).rejects.toMatchObject({
      message: WEBHOOK_URL_UNRESOLVED,
      permanent: false,
    });
  });

  it('reports refused connections and timeouts without throwing', async () => {
    const closed = await WebhookReceiver.start();
    const port = closed.port;
    await closed.stop();
    const target = await checkWebhookTarget(`http://127.0.0.1:${port}/`, { allowLoopback: true });
    const refused = await sendWebhook(target, '{}', {}, 2000);
    expect(refused).toMatchObject({ delivered: false, statusCode: null });
    expect(refused.error).toMatch(/ECONNREFUSED/);

    receiver.answer({ status: 200, delayMs: 1000 });
    const slow = await sendWebhook(await checkWebhookTarget(receiver.url(), { allowLoopback: true }), '{}', {}, 200);
    expect(slow).toEqual({ delivered: false, statusCode: null, error: 'Timed out after 0.2 s' });
  });
});

/**
 * State-changing requests must come from our own origin: the configured public URL, or the
 * origin the request itself was addressed to. A browser on another site always sends its own
 * Origin, so a forged form post or fetch is refused before it reaches any handler.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { AppContext } from '../appTypes.ts';
import { forbidden } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Throws the 403 when a state-changing request comes from another site; `publicUrl` is the configured one. */
export function assertSameOrigin(ctx: AppContext, publicUrl: string): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  const origin = ctx.get('Origin');
  const allowed = [new URL(publicUrl).origin, `${ctx.protocol}://${ctx.host}`];
  if (origin && !allowed.includes(origin)) throw forbidden(MESSAGES.foreignOrigin);
  if (!origin && ctx.get('Sec-Fetch-Site') === 'cross-site') throw forbidden(MESSAGES.foreignOrigin);
}

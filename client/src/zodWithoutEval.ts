/**
 * Zod compiles object parsers with `new Function` when it can, and finds out whether it can by
 * trying. Our Content-Security-Policy (`script-src 'self'`) forbids it, so the try only made every
 * page report a CSP violation. Imported first by main.tsx, before any schema parses.
 */
import { z } from 'zod';

z.config({ jitless: true });

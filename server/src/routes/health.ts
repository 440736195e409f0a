/**
 * Liveness, for process supervisors and the browser-test runner: the process is up and answers.
 * It touches nothing shared, so a slow or unreachable database never gets a live node restarted;
 * whether the node can do its work is GET /api/ready (ready.ts).
 */
import { healthApi } from '@formscribe/common/api/health';
import { route } from './declared/declareRoute.ts';

route(healthApi.health, { public: 'liveness probe' }, () => ({ status: 'ok' as const }));

import type Koa from 'koa';
import type { AppContextExtras, AppState } from '../appTypes.ts';
import { emailVerificationRouter } from './account/emailVerification.ts';
import { passwordResetRouter } from './account/passwordReset.ts';
import { profileRouter } from './account/profile.ts';
import { authRouter } from './auth/auth.ts';
import { healthRouter } from './health.ts';

const routers = [healthRouter, authRouter, passwordResetRouter, emailVerificationRouter, profileRouter];

export function mountRoutes(app: Koa<AppState, AppContextExtras>): void {
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
}

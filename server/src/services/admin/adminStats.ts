/** The super admin's stat cards: exact counts (read once per page load, not per keystroke) and the measured status. */
import type { AdminStats } from '@formscribe/common/schemas/admin';
import type { AppDeps } from '../../appTypes.ts';
import { measureSystemStatus } from './systemStatus.ts';

export async function readAdminStats(deps: AppDeps): Promise<AdminStats> {
  const [counts, status] = await Promise.all([
    deps.knex
      .select<{ totalUsers: number; totalForms: number; activeForms: number }[]>(
        deps.knex.raw('(SELECT count(*)::int FROM users) AS total_users'),
        deps.knex.raw('(SELECT count(*)::int FROM forms) AS total_forms'),
        deps.knex.raw('(SELECT count(*)::int FROM forms WHERE is_active) AS active_forms'),
      )
      .first(),
    measureSystemStatus(deps),
  ]);
  return {
    totalUsers: counts?.totalUsers ?? 0,
    totalForms: counts?.totalForms ?? 0,
    activeForms: counts?.activeForms ?? 0,
    ...status,
  };
}

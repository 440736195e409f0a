/**
 * GET /api/forms/{id}/dashboard: what the owner's Dashboard tab shows on its first screen, in one
 * answer. Each part is the answer of an existing read (verification-stats, user-count,
 * leaderboard), so the client seeds those reads' caches with it, and live updates and
 * invalidations keep working per read.
 */
import { z } from 'zod';
import { leaderboardResponseSchema, limitQuerySchema, userCountResponseSchema } from './formStats.ts';
import { verificationStatsSchema } from './stats.ts';

/** `limit`: the leaderboard's length, as GET leaderboard takes it. */
export const formDashboardQuerySchema = limitQuerySchema;

export const formDashboardResponseSchema = z.object({
  verificationStats: verificationStatsSchema,
  userCount: userCountResponseSchema,
  leaderboard: leaderboardResponseSchema,
});
export type FormDashboardResponse = z.infer<typeof formDashboardResponseSchema>;

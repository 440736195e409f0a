/**
 * The owner's Dashboard tab in one read: the same services as its separate reads
 * (verification-stats, user-count, leaderboard), run together, each part shaped as that read
 * answers, so the client can seed each read's cache with its part.
 */
import type { FormDashboardResponse } from '@formscribe/common/schemas/formDashboard';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';
import { contributorCount, leaderboard } from './formPeople.ts';
import { verificationStats } from './verificationStats.ts';

export async function formDashboard(knex: Knex, form: Form, leaderboardLimit: number): Promise<FormDashboardResponse> {
  const [userCount, board] = await Promise.all([
    contributorCount(knex, form),
    leaderboard(knex, form, leaderboardLimit),
  ]);
  return {
    verificationStats: verificationStats(form),
    userCount: { userCount },
    leaderboard: { leaderboard: board },
  };
}

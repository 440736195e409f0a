/**
 * B7 and B8: live updates to 1,000 watchers of a form's owners room, timed from the moment a
 * submission's transaction commits (stamped in the app process) to each watcher's receipt of
 * `form:stats` (stamped in a separate fleet process; both clocks are the machine's).
 *  - B7, one node: the app's path (commit → stats aggregate → emit) against the raw primitive,
 *    `io.to(room).emit('form:stats', same payload)` run in the same app process to the same sockets.
 *  - B8, two nodes sharing the database with the Redis adapter (watchers split between them,
 *    submissions sent to the first) against B7's one node on the in-memory adapter.
 * Rounds of the kinds alternate, so all share the machine's state; p99 per run, median of runs.
 * The watchers of each kind are split over two fleet processes (BENCH_FLEET_PROCESSES), as real
 * watchers are many machines: with two nodes, each node's watchers are one fleet of their own, so
 * no node's arrivals queue behind the other's in one reader; one node's watchers are split alike.
 */

import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { FIGURES_INTERVAL_MS } from '../src/services/announcements/formFigures.ts';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { RedisServer } from '../src/test/redisServer.ts';
import { TestClient } from '../src/test/testClient.ts';
import type { LoopDelay } from './benchProtocol.ts';
import { type BenchServer, startBenchServer } from './benchServer.ts';
import { median, percentile, round } from './measure.ts';
import {
  benchEntry,
  createBenchForm,
  createContributors,
  createSessions,
  imageIds,
  type Seeder,
  seedEmptyImages,
  sessionCookie,
} from './seedData.ts';
import { startWatcherFleets, type WatcherFleet } from './watcherFleet.ts';

interface Round {
  latencies: number[];
  missing: number;
}

interface Kind {
  name: 'app' | 'raw' | 'pair';
  round(): Promise<Round>;
}

export interface LatencyFigures {
  p99Ms: number;
  p50Ms: number;
  /** Watchers that never got an event (should be 0). */
  missing: number;
}

export interface LiveResults {
  watchers: number;
  runs: number;
  roundsPerRun: number;
  app: LatencyFigures;
  raw?: LatencyFigures;
  pair?: LatencyFigures;
  loopSingle: LoopDelay;
  loopPair?: LoopDelay;
}

export interface LiveOptions {
  withRaw: boolean;
  withPair: boolean;
  watchers?: number;
  runs?: number;
  rounds?: number;
}

/** How many processes each kind's watchers are split over: one per node of the pair. */
const FLEET_PROCESSES = Number(process.env.BENCH_FLEET_PROCESSES ?? 2);

/** `targets` dealt into `groups` groups by position (watcher i to group i % groups). */
function dealt<T>(targets: T[], groups: number): T[][] {
  return Array.from({ length: groups }, (_, group) => targets.filter((_, i) => i % groups === group));
}

async function timedRound(
  fleet: WatcherFleet,
  trigger: () => Promise<number>,
  startedAt?: () => Promise<number>,
): Promise<Round> {
  const { arrivals } = await fleet.arm();
  const stamp = startedAt?.();
  const triggeredAt = await trigger();
  const at = stamp ? await stamp : triggeredAt;
  const { times, missing } = await arrivals;
  return { latencies: times.map((t) => t - at), missing };
}

function figures(rounds: Round[][]): LatencyFigures {
  return {
    p99Ms: round(
      median(
        rounds.map((run) =>
          percentile(
            run.flatMap((r) => r.latencies),
            99,
          ),
        ),
      ),
      1,
    ),
    p50Ms: round(
      median(
        rounds.map((run) =>
          percentile(
            run.flatMap((r) => r.latencies),
            50,
          ),
        ),
      ),
      1,
    ),
    missing: rounds.flat().reduce((sum, r) => sum + r.missing, 0),
  };
}

export async function runLiveUpdates(single: BenchServer, seeder: Seeder, options: LiveOptions): Promise<LiveResults> {
  const watchers = options.watchers ?? 1000;
  const runs = options.runs ?? 3;
  const rounds = options.rounds ?? 10;
  const formId = await createBenchForm(seeder.db, single.ownerId, 'B7 live form');
  await seedEmptyImages(seeder, formId, 1000);
  const images = await imageIds(seeder.db, formId);
  const [contributor] = await createContributors(seeder.db, formId, 1);
  if (!contributor) throw new Error('no contributor');
  const [contributorToken = ''] = await createSessions(seeder.db, contributor.id, 1);
  const ownerTokens = await createSessions(seeder.db, single.ownerId, watchers * (options.withPair ? 2 : 1));

  const redis = options.withPair ? await RedisServer.start() : undefined;
  const pair = redis
    ? await Promise.all([0, 1].map(() => startBenchServer({ databaseUrl: single.databaseUrl, redisUrl: redis.url })))
    : [];
  const fleets: WatcherFleet[] = [];
  try {
    const singleFleet = await startWatcherFleets(
      dealt(
        ownerTokens.slice(0, watchers).map((token) => ({ url: single.url, cookie: sessionCookie(token) })),
        FLEET_PROCESSES,
      ),
      formId,
    );
    fleets.push(singleFleet);
    const pairFleet = pair.length
      ? await startWatcherFleets(
          // Watcher i watches through node i % 2; dealt the same way, each fleet's watchers are one node's.
          dealt(
            ownerTokens.slice(watchers).map((token, i) => ({
              url: (pair[i % pair.length] ?? single).url,
              cookie: sessionCookie(token),
            })),
            FLEET_PROCESSES,
          ),
          formId,
        )
      : undefined;
    if (pairFleet) fleets.push(pairFleet);

    let nextImage = 0;
    const submitTo = (node: BenchServer) => async () => {
      const imageId = images[nextImage++];
      if (imageId === undefined) throw new Error('B7: out of images');
      const client = new TestClient(node.url);
      client.setCookie(SESSION_COOKIE, contributorToken);
      const response = await client.post(`/api/forms/${formId}/submissions`, { imageId, data: benchEntry(imageId) });
      if (response.status !== 201) throw new Error(`B7 submission: ${response.status} ${response.text}`);
      return 0;
    };
    const stats = (await single.client.get<VerificationStats>(`/api/forms/${formId}/verification-stats`)).body;
    const [nodeA] = pair;
    const kinds: Kind[] = [
      { name: 'app', round: () => timedRound(singleFleet, submitTo(single), () => single.nextCommit()) },
      ...(options.withRaw
        ? [{ name: 'raw' as const, round: () => timedRound(singleFleet, () => single.rawEmitStats(formId, stats)) }]
        : []),
      ...(nodeA && pairFleet
        ? [{ name: 'pair' as const, round: () => timedRound(pairFleet, submitTo(nodeA), () => nodeA.nextCommit()) }]
        : []),
    ];
    for (const node of [single, ...pair]) await node.stampCommits(true);

    // B7 is the latency of one submission's figures. Figures are coalesced (at most one publish
    // per form every FIGURES_INTERVAL_MS, trailing edge): back-to-back rounds would measure the
    // coalescing window instead, so each round starts once the previous publish is that old.
    const isolated = (round: () => Promise<Round>) => async () => {
      await new Promise((resolve) => setTimeout(resolve, FIGURES_INTERVAL_MS + 10));
      return round();
    };
    for (const kind of kinds) kind.round = isolated(kind.round);
    const measureAll = async () => {
      for (const kind of kinds) for (let i = 0; i < 3; i++) await kind.round(); // warm-up
      const byKind = new Map<Kind['name'], Round[][]>(kinds.map((k) => [k.name, []]));
      for (let run = 0; run < runs; run++) {
        const perRun = new Map<Kind['name'], Round[]>(kinds.map((k) => [k.name, []]));
        for (let i = 0; i < rounds; i++) for (const kind of kinds) perRun.get(kind.name)?.push(await kind.round());
        for (const [name, list] of perRun) byKind.get(name)?.push(list);
      }
      return byKind;
    };
    const { result, loop: loopSingle } = await single.measureLoop(async () =>
      nodeA ? nodeA.measureLoop(measureAll) : { result: await measureAll(), loop: undefined },
    );
    const byKind = result.result;
    const pick = (name: Kind['name']) => {
      const list = byKind.get(name);
      return list?.length ? figures(list) : undefined;
    };
    const app = pick('app');
    if (!app) throw new Error('B7: no app rounds');
    return {
      watchers,
      runs,
      roundsPerRun: rounds,
      app,
      raw: pick('raw'),
      pair: pick('pair'),
      loopSingle,
      loopPair: result.loop,
    };
  } finally {
    for (const fleet of fleets) await fleet.close().catch(() => {});
    for (const node of [single, ...pair]) await node.stampCommits(false).catch(() => {});
    for (const node of pair) await node.stop().catch(() => {});
    await redis?.kill();
  }
}

/**
 * This node's machine reading workers: OCR_CONCURRENCY loops, each taking the next turn the queue
 * gives it (machineReadingQueue.ts), one field at a time, and polling at the job queue's interval
 * when no image may be read. A failed turn puts its image off with a back-off, and after a few
 * failures lets it go (logged), as the job queue's retry policy did. Stopping waits for the turns
 * in progress (each is one field's work, bounded), so the database pool can close after them.
 */
import type { AppDeps } from '../../appTypes.ts';
import { claimTurn, finishTurn, postponeTurn, type ReadingTurn } from './machineReadingQueue.ts';
import { takeTurn } from './machineReadingTurn.ts';

/** A turn that fails this often in a row lets its image go (a damaged file, a reader that cannot start). */
const FAILED_TURNS_LIMIT = 5;
const failureWaitSeconds = (attempts: number) => 10 * 2 ** attempts;

export class MachineReadingWorker {
  private stopping = false;
  private loops: Array<Promise<void>> = [];
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly deps: AppDeps) {}

  start(): void {
    for (let i = 0; i < this.deps.config.ocr.concurrency; i += 1) this.loops.push(this.loop());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of this.sleepers) wake();
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const turn = await claimTurn(this.deps.knex).catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'machine reading: no turn could be claimed');
        return undefined;
      });
      if (turn) await this.run(turn);
      else await this.sleep(this.deps.config.jobPollSeconds * 1000);
    }
  }

  private async run(turn: ReadingTurn): Promise<void> {
    try {
      await takeTurn(this.deps, turn);
    } catch (error) {
      const givingUp = turn.attempts + 1 >= FAILED_TURNS_LIMIT;
      this.deps.logger.error({ err: error, imageId: turn.imageId, givingUp }, 'machine reading turn failed');
      this.deps.metrics.jobFailed('machine-reading');
      await (givingUp
        ? finishTurn(this.deps.knex, turn)
        : postponeTurn(this.deps.knex, turn, failureWaitSeconds(turn.attempts))
      ).catch((cause: unknown) => this.deps.logger.warn({ err: cause }, 'machine reading turn not handed back'));
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}

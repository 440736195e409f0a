/**
 * bench/results/latest.json at the repository root, shared by every benchmark: each run merges
 * its own keys (B5, B6 ...) and leaves the others' alone.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../src/config.ts';

export const RESULTS_FILE = path.join(repoRoot, 'bench', 'results', 'latest.json');

export async function mergeResults(entries: Record<string, object>): Promise<void> {
  let existing: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(RESULTS_FILE, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) existing = { ...parsed };
  } catch {
    // No results yet (or unreadable): start afresh.
  }
  const measuredAt = new Date().toISOString();
  const stamped = Object.fromEntries(Object.entries(entries).map(([id, value]) => [id, { ...value, measuredAt }]));
  await fs.mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await fs.writeFile(RESULTS_FILE, `${JSON.stringify({ ...existing, ...stamped }, null, 2)}\n`);
}

export interface TableRow {
  id: string;
  ours: string;
  primitive: string;
  ratio: number;
  target: string;
  loopP99: string;
  verdict: string;
}

export function printTable(rows: readonly TableRow[]): void {
  const header: TableRow = {
    id: 'id',
    ours: 'ours',
    primitive: 'primitive',
    ratio: Number.NaN,
    target: 'target',
    loopP99: 'loop p99',
    verdict: 'verdict',
  };
  // A ratio that does not apply (memory, sizes without a primitive) prints as a dash.
  const cells = (row: TableRow) => [
    row.id,
    row.ours,
    row.primitive,
    row === header ? 'ratio' : Number.isNaN(row.ratio) ? '—' : row.ratio.toFixed(2),
    row.target,
    row.loopP99,
    row.verdict,
  ];
  const table = [header, ...rows].map(cells);
  const widths = table[0]?.map((_, column) => Math.max(...table.map((line) => (line[column] ?? '').length))) ?? [];
  for (const [index, line] of table.entries()) {
    console.log(line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  │  '));
    if (index === 0) console.log(widths.map((width) => '─'.repeat(width)).join('──┼──'));
  }
}

/** Reads a node's metrics as Prometheus does: over HTTP, then by metric name and labels. */
import { expect } from 'vitest';
import type { TestServer } from './testServer.ts';

/** Scrapes the node's separate metrics server (METRICS_PORT). */
export async function scrape(server: TestServer): Promise<string> {
  const url = server.deps.metrics.serverUrl;
  if (!url) throw new Error('this test server has no metrics server: start it with METRICS_PORT');
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return response.text();
}

function labelsOf(series: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const match of series.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined) labels[name] = value;
  }
  return labels;
}

/**
 * The sum of every sample of `name` whose labels include `labels` (so `{route}` adds up all
 * methods and statuses of that route), or undefined when there is none.
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    const series = line.slice(0, space);
    if (series !== name && !series.startsWith(`${name}{`)) continue;
    const found = labelsOf(series);
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      total = (total ?? 0) + Number(line.slice(space + 1));
    }
  }
  return total;
}

/** Scrapes until `check` holds for the metrics text (counters that background work moves). */
export async function scrapeUntil(
  server: TestServer,
  check: (text: string) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await scrape(server);
    if (check(text)) return text;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What Lighthouse's simulation (lantern) made of a run's first and largest paints: for each of its
 * four graphs (optimistic and pessimistic FCP and LCP), every request and main-thread task it kept,
 * with the simulated start and end, so one can see which requests and which tasks a simulated
 * paint waited for (B13's BENCH_B13_DUMP). Lantern keeps the last simulation of each label in a
 * module-level map, so this reads it right after the run.
 */
import fs from 'node:fs/promises';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const PAINT_GRAPHS = /(optimistic|pessimistic)(FirstContentfulPaint|LargestContentfulPaint)$/;

interface SimulatedNode {
  type: string;
  start: number;
  end: number;
  url?: string;
  priority?: string;
  bytes?: number;
  initiator?: string;
  /** A task's own time in the real run (ms) and whether it laid the page out. */
  observedMs?: number;
  layout?: boolean;
  scripts?: string[];
}

/** The simulated node timings of the paint graphs as JSON in `file`. */
export async function writeSimulatedPaints(file: string): Promise<void> {
  const graphs: Record<string, SimulatedNode[]> = {};
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!PAINT_GRAPHS.test(label)) continue;
    graphs[label] = [...timings].map(([node, timing]) => describe(node, timing));
  }
  await fs.writeFile(file, JSON.stringify(graphs, null, 1));
}

function describe(node: Lantern.Graph.Node, timing: { startTime: number; endTime: number }): SimulatedNode {
  const times = { start: Math.round(timing.startTime), end: Math.round(timing.endTime) };
  if (node.type === 'network') {
    const { request } = node;
    return {
      type: 'network',
      ...times,
      url: request.url,
      priority: request.priority,
      bytes: request.transferSize,
      initiator: node.initiatorType,
    };
  }
  return {
    type: 'cpu',
    ...times,
    observedMs: Math.round(node.duration / 100) / 10,
    layout: node.didPerformLayout(),
    scripts: [...node.getEvaluateScriptURLs()],
  };
}

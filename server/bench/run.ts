/**
 * `npm run bench -w server`: starts the app in its own process (embedded PostgreSQL in a temp
 * dir), runs the image benchmarks B5 and B6 against primitives measured in this process on the
 * same corpus, prints a table and merges the figures into bench/results/latest.json.
 */
import { runB5 } from './b5ImageUpload.ts';
import { runB6 } from './b6HeicUpload.ts';
import { startBenchServer } from './benchServer.ts';
import { makeHeicCorpus, makeJpegCorpus } from './corpus.ts';
import { mergeResults, printTable, RESULTS_FILE } from './results.ts';

const started = performance.now();
const log = (message: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);

log('starting the app process (embedded PostgreSQL, migrations) and building the corpora');
const [server, jpegs, heic] = await Promise.all([startBenchServer(), makeJpegCorpus(4), makeHeicCorpus()]);
try {
  log('B5: JPEG 3000×4000 uploads vs raw sharp');
  const b5 = await runB5(server, jpegs, 5);
  log(`B5 done: ${JSON.stringify(b5)}`);
  log(`B6: ${heic.description} uploads vs heic-convert alone`);
  const b6 = await runB6(server, heic, 3, 3);
  log(`B6 done: ${JSON.stringify(b6)}`);

  await mergeResults({ B5: b5, B6: b6 });
  console.log('');
  printTable([
    {
      id: 'B5',
      ours: `${b5.uploadImagesPerSecond} img/s`,
      primitive: `${b5.primitiveImagesPerSecond} img/s (thumbnail only)`,
      ratio: b5.ratio,
      target: `≥ ${b5.target}`,
      loopP99: `${b5.loopDelayP99Ms} ms`,
      verdict: b5.ratio >= b5.target ? 'met' : 'MISSED',
    },
    {
      id: 'B5*',
      ours: `${b5.uploadImagesPerSecond} img/s`,
      primitive: `${b5.sameWorkPrimitiveImagesPerSecond} img/s (same work)`,
      ratio: b5.ratioVsSameWork,
      target: '(info)',
      loopP99: `${b5.loopDelayP99Ms} ms`,
      verdict: 'stack overhead',
    },
    {
      id: 'B6',
      ours: `${b6.uploadImagesPerSecond} img/s`,
      primitive: `${b6.primitiveImagesPerSecond} img/s (heic-convert)`,
      ratio: b6.ratio,
      target: `≥ ${b6.target}; p99 < ${b6.loopDelayTargetMs} ms`,
      loopP99: `${b6.loopDelayP99Ms} ms`,
      verdict: b6.ratio >= b6.target && b6.loopDelayP99Ms < b6.loopDelayTargetMs ? 'met' : 'MISSED',
    },
  ]);
  console.log(`\nresults merged into ${RESULTS_FILE}`);
} finally {
  await server.stop();
}

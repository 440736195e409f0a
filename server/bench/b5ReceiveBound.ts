/**
 * What B5's target leaves for everything but the image work: B5 divides uploads/s by a raw sharp
 * thumbnail loop, one image at a time, so the ratio can be no better than raw ÷ (raw + what an
 * upload must do besides). This loads a bare `node:http` server that only receives the body and
 * stores it as a file (receiveOnlyServerProcess.ts), with B5's corpus, client and multipart body,
 * interleaved with B5's raw loop, and prints that bound: the app also parses the multipart body,
 * checks the session and plan, writes the thumbnail and the image row, none of which the bound
 * counts. `npx tsx server/bench/b5ReceiveBound.ts [rounds] [perRound]`
 */
import sharp from 'sharp';
import { startPrimitive } from './b1ApiStack.ts';
import { makeJpegCorpus } from './corpus.ts';
import { round } from './measure.ts';
import { BOUNDARY, multipartBody } from './uploadThroughHttp.ts';

const rounds = Number(process.argv[2] ?? 3);
const perRound = Number(process.argv[3] ?? 24);

const corpus = await makeJpegCorpus(4);
const receiver = await startPrimitive('receiveOnlyServerProcess.ts');
const store = async (bytes: Buffer) => {
  const response = await fetch(receiver.url, {
    method: 'POST',
    body: multipartBody(bytes, 'IMG_3000x4000.jpg'),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  await response.text();
};
const thumbnail = (bytes: Buffer) => sharp(bytes).rotate().resize(400).jpeg().toBuffer();

async function msEach(work: (bytes: Buffer) => Promise<unknown>, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await work(corpus[i % corpus.length] ?? Buffer.alloc(0));
  return (performance.now() - started) / count;
}

try {
  const sizes = corpus.map((bytes) => (bytes.length / 1e6).toFixed(1));
  console.log(`corpus: ${corpus.length} JPEGs 3000×4000, ${sizes.join(', ')} MB`);
  await msEach(store, 4);
  await msEach(thumbnail, 4);
  for (let r = 1; r <= rounds; r++) {
    const received = await msEach(store, perRound);
    const raw = await msEach(thumbnail, perRound);
    console.log(
      `round ${r}: receive and store ${round(received, 1)} ms an upload, raw thumbnail ${round(raw, 1)} ms an image; ` +
        `B5 can be at most ${round(raw / (raw + received), 2)}`,
    );
  }
} finally {
  receiver.stop();
}

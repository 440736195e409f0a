/**
 * Runs in a worker thread: pdf.js's parser (its "worker" half: cross-reference, content streams,
 * fonts, and the JPEG/JBIG2/JPX decoding that takes a scanned page 100 ms of CPU), so the server's
 * event loop keeps answering while a PDF is imported. pdf.js talks to it with structured-clone
 * messages, as with a browser's Web Worker; decoded images come back transferred, not copied.
 * Plain .mjs so node, tsx and vitest all load it without a TypeScript step.
 */
import { parentPort } from 'node:worker_threads';
import { WorkerMessageHandler } from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/** The Web Worker side of a MessagePort, as pdf.js's message handler uses it. */
const port = {
  postMessage(message, transfer) {
    parentPort?.postMessage(message, transfer);
  },
  addEventListener(type, listener, options) {
    if (type !== 'message') return;
    const onMessage = (data) => listener({ data });
    parentPort?.on('message', onMessage);
    options?.signal?.addEventListener('abort', () => parentPort?.off('message', onMessage), { once: true });
  },
  removeEventListener() {},
};

WorkerMessageHandler.initializeFromPort(port);

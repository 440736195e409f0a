/**
 * Runs in a worker thread: pdf.js's parser (its "worker" half: cross-reference, content streams,
 * fonts, and the JPEG/JBIG2/JPX decoding that takes a scanned page 100 ms of CPU), so the server's
 * event loop keeps answering while a PDF is imported. pdf.js talks to it with structured-clone
 * messages, as with a browser's Web Worker; decoded images come back transferred, not copied.
 * Plain .mjs so node, tsx and vitest all load it without a TypeScript step.
 */
import { parentPort } from 'node:worker_threads';
import { WorkerMessageHandler } from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/** What the main thread listens for beside pdf.js's own messages (the same string in pdfDocument.ts). */
const OVERSIZE_IMAGE_MESSAGE = 'formscribe:oversize-image';

// pdf.js reports through console.warn/log. With errors ignored (a bad font falls back to a
// standard one) it drops an image over `maxImageSize` with only a warning: that one is passed on,
// so the page is refused rather than yielded without its image. The rest is kept out of server logs.
console.warn = (...parts) => {
  if (String(parts[0]).includes('Image exceeded maximum allowed size')) parentPort?.postMessage(OVERSIZE_IMAGE_MESSAGE);
};
console.log = () => {};

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

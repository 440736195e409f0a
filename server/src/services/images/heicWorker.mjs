/**
 * Runs in a worker thread: decodes HEIC/HEIF with heic-convert (libheif compiled to
 * JavaScript/WebAssembly, seconds of CPU for a phone photo) so the main event loop keeps
 * answering requests. Plain .mjs so node, tsx and vitest all load it without a TypeScript step.
 *
 * Message in:  { input: Uint8Array }        (transferred)
 * Message out: { ok: true, output: Uint8Array } (transferred) | { ok: false, message: string }
 */
import { parentPort } from 'node:worker_threads';
import convert from 'heic-convert';

const JPEG_QUALITY = 0.9;

// libheif prints its decode failures with console.log; the failure already travels back to the
// caller as a rejected conversion, so the chatter is dropped rather than mixed into server logs.
console.log = () => {};

parentPort?.on('message', async (message) => {
  try {
    const converted = await convert({ buffer: message.input, format: 'JPEG', quality: JPEG_QUALITY });
    // A copy owns its ArrayBuffer, so transferring it cannot detach memory that other buffers share.
    const output = new Uint8Array(converted);
    parentPort?.postMessage({ ok: true, output }, [output.buffer]);
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

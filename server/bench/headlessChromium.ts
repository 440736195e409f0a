/**
 * Debian's Chromium, headless, for Lighthouse (B13). Started by hand rather than through
 * chrome-launcher so that the flags a shared, sandbox-less machine needs are all in one place:
 * no GPU, and none of the background traffic (updates, sync) that would land in the trace.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--remote-debugging-port=0',
];

export interface HeadlessChromium {
  /** The DevTools port Lighthouse connects to. */
  port: number;
  stop(): Promise<void>;
}

/** `language` starts the browser in that language (`--lang`): its navigator.languages and Accept-Language. */
export async function startHeadlessChromium(language?: string): Promise<HeadlessChromium> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...FLAGS, ...(language ? [`--lang=${language}`] : []), `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start within 30 s:\n${seen}`)), 30_000);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      // Chromium prints where DevTools listens once it is ready for connections.
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stderr.off('data', onData);
      resolve(Number(match[1]));
    };
    child.stderr.on('data', onData);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before listening:\n${seen}`));
    });
  });
  child.stderr.resume();
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

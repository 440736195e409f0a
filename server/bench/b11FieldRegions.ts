/// <reference lib="dom" />
/**
 * B11: what field regions save a person entering data. A 12-field printed form, 20 generated scans
 * with small random offsets (printedScans.ts), each entered in Chromium by a scripted person, once
 * without regions and once with them (boxes drawn on the sample, each scan's shift estimated by the
 * app on upload). The script behaves like a careful typist: before typing a field's value it makes
 * sure the value's box is on screen and large enough to read (at least READABLE_SCALE of the
 * scan's own size); if not, it zooms with Alt+= and moves to the image and scrolls it (Page Up/Down
 * while the box is more than half a view away, then the arrow keys, 40 px a press; smooth scrolling
 * is off so a press is counted only once its scroll has happened),
 * then goes back to the field. Counted per image: keystrokes (values, Tab, zoom and scroll
 * keys) and focus changes (Tab, and each trip to the image and back). Then the app's machine
 * reading (b11OcrAgreement.ts) reads every box of every scan, moved by the estimated shifts and
 * without them, against the typed values.
 */
import { chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { measureOcrAgreement, type OcrAgreement } from './b11OcrAgreement.ts';
import type { BenchServer } from './benchServer.ts';
import { CHROMIUM_PATH } from './headlessChromium.ts';
import {
  generatePrintedScans,
  PRINTED_FIELDS,
  printedFormFields,
  renderPrintedScan,
  SCAN_HEIGHT,
  SCAN_WIDTH,
} from './printedScans.ts';

const SCANS = 20;
const B11_FAILURE_SCREENSHOT = '/tmp/b11-entry-page.png';
/** A value is readable at this share of the scan's own pixel size or more. */
const READABLE_SCALE = 0.8;
/** A person gives up scrolling after this many presses (never reached in practice). */
const MAX_NAVIGATION_KEYS = 200;

export interface B11Mode {
  keystrokesPerImage: number;
  focusChangesPerImage: number;
  navigationKeysPerImage: number;
}

export interface B11Result extends OcrAgreement {
  scans: number;
  fields: number;
  withoutRegions: B11Mode;
  withRegions: B11Mode;
  /** Mean distance between the estimated and the true shift, in scan pixels. */
  shiftErrorPx: number;
  keystrokeSaving: number;
  /** OCR agreement with the boxes where they were drawn (no shift): what the shift estimate buys. */
  ocrAgreementUnshifted: number;
}

interface Counts {
  keystrokes: number;
  focusChanges: number;
  navigationKeys: number;
}

/** Where the value's box is on screen now, and how large the scan is drawn. */
async function boxOnScreen(page: Page, box: { left: number; top: number; width: number; height: number }) {
  return page.evaluate(
    ({ box, width }) => {
      const viewer = document.querySelector('section[aria-label^="Form image"]');
      const image = viewer?.querySelector('img');
      if (!viewer || !image) return null;
      const view = viewer.getBoundingClientRect();
      const shown = image.getBoundingClientRect();
      const scale = shown.width / width;
      const left = shown.left + box.left * scale;
      const top = shown.top + box.top * scale;
      const right = left + box.width * scale;
      const bottom = top + box.height * scale;
      const below = bottom - (view.top + viewer.clientHeight);
      const above = view.top - top;
      return {
        scale,
        dx: left < view.left ? -1 : right > view.left + viewer.clientWidth ? 1 : 0,
        dy: above > 0 ? -1 : below > 0 ? 1 : 0,
        // More than half a view away: a person pages rather than steps.
        farY: Math.max(above, below) > viewer.clientHeight / 2,
      };
    },
    { box, width: SCAN_WIDTH },
  );
}

/** Makes the box readable the way a person would; returns the keys and focus changes it took. */
async function bringIntoView(page: Page, box: Parameters<typeof boxOnScreen>[1], counts: Counts) {
  let state = await boxOnScreen(page, box);
  while (state && state.scale < READABLE_SCALE && counts.navigationKeys < MAX_NAVIGATION_KEYS) {
    await page.keyboard.press('Alt+Equal');
    counts.keystrokes += 1;
    counts.navigationKeys += 1;
    state = await boxOnScreen(page, box);
  }
  if (!state || (state.dx === 0 && state.dy === 0)) return;
  // To the image and back: two focus changes; the arrow keys scroll it.
  const field = await page.evaluateHandle(() => document.activeElement);
  await page.locator('section[aria-label^="Form image"]').focus();
  counts.focusChanges += 1;
  for (let presses = 0; state && (state.dx !== 0 || state.dy !== 0) && presses < MAX_NAVIGATION_KEYS; presses++) {
    const vertical = state.farY ? (state.dy > 0 ? 'PageDown' : 'PageUp') : state.dy > 0 ? 'ArrowDown' : 'ArrowUp';
    const key = state.dy !== 0 ? vertical : state.dx > 0 ? 'ArrowRight' : 'ArrowLeft';
    await page.keyboard.press(key);
    counts.keystrokes += 1;
    counts.navigationKeys += 1;
    state = await boxOnScreen(page, box);
  }
  await field.asElement()?.focus();
  counts.focusChanges += 1;
}

async function enterImage(
  page: Page,
  url: string,
  scan: { values: Record<string, string>; offset: { x: number; y: number } },
) {
  await page.goto(url);
  await page
    .getByLabel(PRINTED_FIELDS[0]?.label ?? '', { exact: true })
    .waitFor()
    .catch(async (error: Error) => {
      await page.screenshot({ path: B11_FAILURE_SCREENSHOT });
      throw new Error(`B11: the entry page did not show the fields (see ${B11_FAILURE_SCREENSHOT}): ${error.message}`);
    });
  await page.waitForFunction(
    () => document.querySelector<HTMLImageElement>('section[aria-label^="Form image"] img')?.complete === true,
  );
  const counts: Counts = { keystrokes: 0, focusChanges: 0, navigationKeys: 0 };
  await page.getByLabel(PRINTED_FIELDS[0]?.label ?? '', { exact: true }).focus();
  for (const [index, field] of PRINTED_FIELDS.entries()) {
    // Give the viewer its frame for the newly focused field.
    await page.waitForTimeout(30);
    const box = { ...field.box, left: field.box.left + scan.offset.x, top: field.box.top + scan.offset.y };
    await bringIntoView(page, box, counts);
    const value = scan.values[field.id] ?? '';
    await page.keyboard.type(value);
    counts.keystrokes += value.length;
    if (index < PRINTED_FIELDS.length - 1) {
      await page.keyboard.press('Tab');
      counts.keystrokes += 1;
      counts.focusChanges += 1;
    }
  }
  return counts;
}

function average(all: Counts[]): B11Mode {
  const mean = (pick: (c: Counts) => number) =>
    Math.round((all.reduce((sum, c) => sum + pick(c), 0) / Math.max(1, all.length)) * 10) / 10;
  return {
    keystrokesPerImage: mean((c) => c.keystrokes),
    focusChangesPerImage: mean((c) => c.focusChanges),
    navigationKeysPerImage: mean((c) => c.navigationKeys),
  };
}

async function uploadScan(server: BenchServer, formId: number, jpeg: Buffer, name: string): Promise<number> {
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name);
  const response = await server.client.post<{ id: number }>(`/api/forms/${formId}/images`, body);
  if (response.status !== 201) throw new Error(`B11: upload failed ${response.status} ${response.text}`);
  return response.body.id;
}

async function waitForShifts(server: BenchServer, imageIds: number[]) {
  const deadline = Date.now() + 120_000;
  const shifts = new Map<number, { dx: number; dy: number }>();
  while (shifts.size < imageIds.length && Date.now() < deadline) {
    for (const id of imageIds.filter((candidate) => !shifts.has(candidate))) {
      const { body } = await server.client.get<{ shift: { dx: number; dy: number } | null }>(
        `/api/images/${id}/region-shift`,
      );
      if (body.shift) shifts.set(id, body.shift);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (shifts.size < imageIds.length) throw new Error('B11: shifts were not estimated within 2 minutes');
  return shifts;
}

export async function runB11(server: BenchServer, log: (message: string) => void = () => {}): Promise<B11Result> {
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO forms (name, fields, required_entries_per_image, created_by_id) VALUES ($1, $2, 1, $3) RETURNING id`,
    ['B11 printed register', JSON.stringify(printedFormFields(false)), server.ownerId],
  );
  await db.query('UPDATE users SET has_completed_data_entry_tutorial = true WHERE id = $1', [server.ownerId]);
  await db.end();
  const formId = rows[0]?.id;
  if (!formId) throw new Error('B11: no form');

  const scans = await generatePrintedScans(SCANS);
  const sampleId = await uploadScan(server, formId, await renderPrintedScan({}), 'sample.jpg');
  const imageIds: number[] = [];
  for (const [i, scan] of scans.entries())
    imageIds.push(await uploadScan(server, formId, scan.jpeg, `scan-${i + 1}.jpg`));
  log(`B11: ${SCANS} scans uploaded`);

  const session = server.client.cookie(SESSION_COOKIE);
  if (!session) throw new Error('B11: the bench client holds no session cookie');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-smooth-scrolling'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: session, url: server.url }]);
    const page = await context.newPage();
    const runAll = async () => {
      const all: Counts[] = [];
      for (const [i, scan] of scans.entries()) {
        all.push(await enterImage(page, `${server.url}/forms/${formId}/entry?imageId=${imageIds[i]}`, scan));
      }
      return all;
    };

    const without = average(await runAll());
    log(`B11 without regions: ${JSON.stringify(without)}`);

    const patched = await server.client.patch(`/api/forms/${formId}`, { fields: printedFormFields(true) });
    if (patched.status !== 200) throw new Error(`B11: regions not saved ${patched.status} ${patched.text}`);
    await server.client.put(`/api/forms/${formId}/regions`, { sampleImageId: sampleId });
    const shifts = await waitForShifts(server, imageIds);
    const shiftErrorPx =
      Math.round(
        (scans.reduce((sum, scan, i) => {
          const shift = shifts.get(imageIds[i] ?? 0) ?? { dx: 0, dy: 0 };
          return sum + Math.hypot(shift.dx * SCAN_WIDTH - scan.offset.x, shift.dy * SCAN_HEIGHT - scan.offset.y);
        }, 0) /
          scans.length) *
          10,
      ) / 10;
    const withRegions = average(await runAll());
    log(`B11 with regions: ${JSON.stringify(withRegions)}`);
    const ocr = await measureOcrAgreement(
      scans,
      imageIds.map((id) => shifts.get(id)),
    );
    const unshifted = await measureOcrAgreement(scans, []);
    log(`B11 OCR: ${JSON.stringify(ocr)}, without shifts ${unshifted.ocrAgreement}`);
    return {
      ...ocr,
      ocrAgreementUnshifted: unshifted.ocrAgreement,
      scans: SCANS,
      fields: PRINTED_FIELDS.length,
      withoutRegions: without,
      withRegions,
      shiftErrorPx,
      keystrokeSaving: Math.round((1 - withRegions.keystrokesPerImage / without.keystrokesPerImage) * 1000) / 1000,
    };
  } finally {
    await browser.close();
  }
}

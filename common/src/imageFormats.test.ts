import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_FORMATS } from './imageFormats.ts';

/** The README's "Image formats" section, up to the next heading. */
function readmeFormatsSection(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('\n## Image formats\n');
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end);
}

describe('the image formats an upload may be', () => {
  // Split from the wording the uploader shows, so a format added there must be documented too.
  const formats = IMAGE_UPLOAD_FORMATS.split(/, | or /);

  it('each have a row in the README saying how they are stored', () => {
    const tableRows = readmeFormatsSection()
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
      .map((line) => line.split('|')[1] ?? '');
    for (const format of formats) {
      expect(tableRows.some((sent) => sent.includes(format))).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { uploadAll } from './importUploads.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('uploadAll', () => {
  it('sends one at a time in list order, and each file fails alone while the rest go on', async () => {
    const log: string[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    const results = await uploadAll(
      ['a', 'b', 'c', 'd', 'e'],
      async (name) => {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        log.push(`start ${name}`);
        await tick();
        inFlight -= 1;
        if (name === 'b') throw new Error('413: {"message":"File too large"}');
        return name.toUpperCase();
      },
      { sizeOf: () => 10 },
    );
    // One at a time: each file's import starts after the one before, so the form keeps their order.
    expect(mostAtOnce).toBe(1);
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d', 'start e']);
    expect(results.map((result) => (result.ok ? result.value : `failed ${result.item}`))).toEqual([
      'A',
      'failed b',
      'C',
      'D',
      'E',
    ]);
    const failure = results[1];
    expect(failure?.ok === false && String(failure.error)).toContain('File too large');
  });

  it('reports the batch’s bytes sent of its total, reaching the total at the end', async () => {
    const seen: [number, number][] = [];
    await uploadAll(
      [100, 300],
      async (size, onBytes) => {
        onBytes(size / 2);
        await tick();
        onBytes(size);
        return size;
      },
      { concurrency: 2, sizeOf: (size) => size, onProgress: (sent, total) => seen.push([sent, total]) },
    );
    expect(seen[0]).toEqual([0, 400]);
    expect(seen).toContainEqual([200, 400]);
    expect(seen.at(-1)).toEqual([400, 400]);
    expect(seen.every(([sent], index) => index === 0 || sent >= (seen[index - 1]?.[0] ?? 0))).toBe(true);
  });

  it('starts no file once stopped; those not sent are failures with the stop as reason', async () => {
    const controller = new AbortController();
    const sent: string[] = [];
    const results = await uploadAll(
      ['a', 'b', 'c', 'd'],
      async (name) => {
        sent.push(name);
        if (name === 'b') controller.abort(new Error('stopped'));
        await tick();
        return name;
      },
      { sizeOf: () => 1, signal: controller.signal },
    );
    expect(sent).toEqual(['a', 'b']);
    expect(results.map((result) => result.ok)).toEqual([true, true, false, false]);
  });
});

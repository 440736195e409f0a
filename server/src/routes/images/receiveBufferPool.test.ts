/** The upload route's reusable buffers: reused when large enough, few and bounded when kept. */
import { describe, expect, it } from 'vitest';
import { ReceiveBufferPool } from './receiveBufferPool.ts';

const MB = 1024 * 1024;

describe('ReceiveBufferPool', () => {
  it('hands a kept buffer to the next upload that fits in it, and allocates for one that does not', () => {
    const pool = new ReceiveBufferPool(2, 24 * MB);
    const first = pool.take(3 * MB - 100);
    expect(first.length).toBeGreaterThanOrEqual(3 * MB - 100);
    pool.giveBack(first);
    expect(pool.take(2 * MB)).toBe(first);
    pool.giveBack(first);
    const larger = pool.take(5 * MB);
    expect(larger).not.toBe(first);
    expect(pool.keptCount).toBe(1);
  });

  it('keeps at most its count, the largest ones, and never one over its size', () => {
    const pool = new ReceiveBufferPool(2, 24 * MB);
    const buffers = [1, 2, 3].map((mb) => pool.take(mb * MB));
    for (const buffer of buffers) pool.giveBack(buffer);
    pool.giveBack(pool.take(30 * MB));
    expect(pool.keptCount).toBe(2);
    expect(pool.take(MB)).toBe(buffers[1]); // the smallest kept that fits: the 1 MB one was let go
  });
});

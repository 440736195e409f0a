import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, useScanPainted } from './useScanPainted.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** A browser that reports largest-contentful-paint entries, as Chromium does; `report` plays one. */
function browserReportingPaints() {
  const observers: PerformanceObserverCallback[] = [];
  class ReportingObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(callback: PerformanceObserverCallback) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', ReportingObserver);
  return {
    report(tagName: string) {
      const entry = { entryType: 'largest-contentful-paint', element: document.createElement(tagName) };
      const list = { getEntries: () => [entry] } as unknown as PerformanceObserverEntryList;
      act(() => {
        for (const callback of observers) callback(list, {} as PerformanceObserver);
      });
    },
  };
}

describe('useScanPainted', () => {
  it('holds the rest of the page back until the browser reports the scan painted', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const browser = browserReportingPaints();
    const { result } = renderHook(() => useScanPainted());
    await wait(50);
    browser.report('H1');
    expect(result.current).toBe(false);
    browser.report('IMG');
    expect(result.current).toBe(true);
  });

  it('never keeps the fields waiting longer than a second for a slow picture', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    browserReportingPaints();
    const { result } = renderHook(() => useScanPainted());
    await wait(MAX_WAIT_MS / 2);
    expect(result.current).toBe(false);
    await wait(MAX_WAIT_MS);
    expect(result.current).toBe(true);
  });

  it('waits for the first paint only once the user has clicked or typed, after which browsers report no paints', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    browserReportingPaints();
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
      type === 'first-input' ? [{ entryType: 'first-input' } as PerformanceEntry] : [],
    );
    const { result } = renderHook(() => useScanPainted());
    expect(result.current).toBe(false);
    await wait(100);
    expect(result.current).toBe(true);
  });

  it('waits for the first paint where the browser reports no paints', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const { result } = renderHook(() => useScanPainted());
    expect(result.current).toBe(false);
    await wait(100);
    expect(result.current).toBe(true);
  });

  it('renders everything at once in a tab opened in the background, which paints nothing', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { result } = renderHook(() => useScanPainted());
    expect(result.current).toBe(true);
  });
});

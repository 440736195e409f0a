import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFirstPaintDone } from './useFirstPaintDone.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useFirstPaintDone', () => {
  it('holds the rest of the page back for the first paint of a visible tab', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const { result } = renderHook(() => useFirstPaintDone());
    expect(result.current).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(result.current).toBe(true);
  });

  it('renders everything at once in a tab opened in the background, which paints nothing', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { result } = renderHook(() => useFirstPaintDone());
    expect(result.current).toBe(true);
  });

  it('does not wait for a frame that never comes when the tab is hidden after it started', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const { result } = renderHook(() => useFirstPaintDone());
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(result.current).toBe(true);
  });
});

import { create } from 'zustand';

/** How many people have each image open right now (from the server's presence events). */
interface PresenceState {
  viewers: Record<number, number>;
  setViewers(imageId: number, viewers: number): void;
}

export const usePresenceStore = create<PresenceState>((set) => ({
  viewers: {},
  setViewers: (imageId, viewers) => set((state) => ({ viewers: { ...state.viewers, [imageId]: viewers } })),
}));

/** Others on the same image: everyone watching it, less this person. */
export function useOthersViewing(imageId: number | undefined): number {
  return usePresenceStore((state) => (imageId === undefined ? 0 : Math.max(0, (state.viewers[imageId] ?? 1) - 1)));
}

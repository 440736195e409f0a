/**
 * Toast notifications (spec section 9): one at a time, shown 5 s unless told otherwise.
 * `showToast` works outside React too, so mutation callbacks can call it directly.
 */
import { create } from 'zustand';

/** A new toast replaces the one on screen. */
export const TOAST_LIMIT = 1;
export const DEFAULT_TOAST_DURATION_MS = 5000;
/** Upgrade and verify prompts stay longer so there is time to reach their action button. */
export const LONG_TOAST_DURATION_MS = 10_000;
/**
 * A dismissed toast stays in the list (closed) this long before it is dropped, as the spec
 * says; it lets the close animation finish, and the one-toast limit bounds the list anyway.
 */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
  action?: ToastAction;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  show: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
}

let nextToastId = 1;
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (options) => {
    const id = nextToastId++;
    set((state) => ({ toasts: [{ ...options, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => {
    set((state) => ({ toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)) }));
    if (removalTimers.has(id)) return;
    const timer = setTimeout(() => {
      removalTimers.delete(id);
      set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
    }, TOAST_REMOVE_DELAY_MS);
    removalTimers.set(id, timer);
  },
}));

export function showToast(options: ToastOptions): number {
  return useToastStore.getState().show(options);
}

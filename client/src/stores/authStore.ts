/**
 * The signed-in user, mirrored into localStorage under `authUser` (spec section 3) so other
 * tabs and later features can read who is signed in without a request.
 *
 * The server session (an httpOnly cookie) is the only thing that authenticates; this copy is
 * a convenience, holds nothing secret (the user response has no hashes or tokens), and the
 * GET /api/user query stays the source of truth that decides what a page shows.
 */
import { type UserResponse, userResponseSchema } from '@formscribe/common/schemas/user';
import { create } from 'zustand';
import { readStorage, removeStorage, writeStorage } from './browserStorage.ts';

export const AUTH_USER_STORAGE_KEY = 'authUser';

interface AuthState {
  user: UserResponse | null;
  setUser: (user: UserResponse | null) => void;
  clear: () => void;
}

function readStoredUser(): UserResponse | null {
  const stored = readStorage(AUTH_USER_STORAGE_KEY);
  if (!stored) return null;
  try {
    const parsed = userResponseSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function storeUser(user: UserResponse | null): void {
  if (user) writeStorage(AUTH_USER_STORAGE_KEY, JSON.stringify(userResponseSchema.parse(user)));
  else removeStorage(AUTH_USER_STORAGE_KEY);
}

export const useAuthStore = create<AuthState>()((set) => ({
  user: readStoredUser(),
  setUser: (user) => {
    storeUser(user);
    set({ user });
  },
  clear: () => {
    storeUser(null);
    set({ user: null });
  },
}));

/**
 * Password hashing: argon2id with parameters pinned here (OWASP's minimum: 19 MiB of memory,
 * two passes, one lane) rather than left to the library's defaults, which may change under us.
 * Hashes stored with weaker parameters are upgraded at the next successful sign-in.
 */
import { type Algorithm, hash, type Options, parseOptions, verify } from '@node-rs/argon2';

// The library's enums are ambient `const enum`s that isolated modules cannot read; 2 is Argon2id.
const ARGON2ID: Algorithm = 2;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash is weaker than today's parameters (and should be redone). */
export function needsRehash(passwordHash: string): boolean {
  try {
    const stored = parseOptions(passwordHash);
    return (
      stored.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      stored.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      stored.timeCost < PASSWORD_HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown accounts cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('formscribe-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

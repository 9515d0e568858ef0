import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolatedModules cannot read). */
const ARGON2ID = 2;

/** argon2id, m=19456 KiB, t=2, p=1 (OWASP minimum; docs/product/security.md#authentication). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random value: verifying against it costs the same as a real account (no timing oracle). */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummy;
}

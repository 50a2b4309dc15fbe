import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id password hashing (OWASP parameters: 19 MiB memory, 2 iterations).
 */
// 2 is Algorithm.Argon2id; the const enum cannot be read under verbatimModuleSyntax.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password into a PHC string (`$argon2id$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash. With `storedHash` null (unknown
 * account) it still runs one verification so both cases take the same time.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

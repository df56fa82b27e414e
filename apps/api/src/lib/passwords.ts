import { randomInt } from 'node:crypto';
import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, t=2, p=1): strong, and fast enough for a login under load.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS);
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the same work as a real check so that timing does not reveal whether an e-mail exists. */
export async function verifyAgainstDummy(plain: string): Promise<void> {
  dummy ??= hashPassword('cuenta-inexistente-para-igualar-tiempos');
  await verifyPassword(await dummy, plain);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A one-time password shown once to the administrator who created the account. */
export function generatePassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

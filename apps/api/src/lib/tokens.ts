import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema/system';

const ISSUER = 'ips-agenda';

export interface TokenClaims {
  sub: string;
  sid: string;
  role: string;
  name: string;
}

export async function signToken(key: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role, name: claims.name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/**
 * Tokens whose signature and claims were already verified with a key, until they expire. The key is the whole
 * token string, so a hit is the very bytes that were verified; the expiry is checked again on every hit. It
 * spares the WebCrypto HMAC and the key import of each request (bench/framework-overhead.ts): a session's
 * requests all carry the same token. Revocation is not decided here but by the session (decision 016).
 */
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, { claims: TokenClaims; expMs: number }>>();

/** The claims of a token already verified with this key and not expired, without a promise; else undefined. */
export function verifiedClaims(key: Uint8Array, token: string): TokenClaims | undefined {
  const hit = verified.get(key)?.get(token);
  return hit !== undefined && hit.expMs > Date.now() ? hit.claims : undefined;
}

export async function verifyToken(key: Uint8Array, token: string): Promise<TokenClaims> {
  let known = verified.get(key);
  const hit = known?.get(token);
  if (hit) {
    if (hit.expMs > Date.now()) return hit.claims;
    known!.delete(token);
    throw new AppError('UNAUTHORIZED', 'Token expirado');
  }
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
      throw new AppError('UNAUTHORIZED', 'Token inválido');
    const claims = {
      sub: payload.sub,
      sid: payload.sid,
      role: String(payload.role),
      name: String(payload.name),
    };
    if (typeof payload.exp === 'number') {
      if (!known) verified.set(key, (known = new Map()));
      if (known.size >= VERIFIED_MAX) known.clear();
      known.set(token, { claims, expMs: payload.exp * 1000 });
    }
    return claims;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new AppError('UNAUTHORIZED', 'Token expirado');
    throw new AppError('UNAUTHORIZED', 'Token inválido');
  }
}

/**
 * The signing key: JWT_SECRET when configured, otherwise one generated on first start and kept in the
 * database, so every instance on the same database shares it and tokens survive restarts.
 */
export async function loadSigningKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSecrets)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

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

export async function verifyToken(key: Uint8Array, token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
      throw new AppError('UNAUTHORIZED', 'Token inválido');
    return { sub: payload.sub, sid: payload.sid, role: String(payload.role), name: String(payload.name) };
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

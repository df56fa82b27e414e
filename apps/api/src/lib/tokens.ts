import { hkdfSync, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema/system';

const ISSUER = 'ips-agenda';

/**
 * What each signed token the product issues is for (issue 33). Each purpose has its own key, derived from the
 * instance's secret, its own `typ` header and its own audience, and each verifier demands all three: a token of one
 * purpose can never pass the check of another, even if one check were written wrong.
 * - `session`: the sign-in, sent as `Authorization: Bearer` (or `?token=` on the routes that allow it: live
 *   streams and exports opened by the browser itself); opens the API with the user's role.
 * - `download`: a patient document's short-lived link (modules/documents/token.ts); opens that document only.
 */
export const TOKEN_PURPOSES = {
  session: { typ: 'ips-session+jwt', audience: 'ips-api' },
  download: { typ: 'ips-download+jwt', audience: 'ips-document-download' },
} as const;
export type TokenPurpose = keyof typeof TOKEN_PURPOSES;
/** One signing key per purpose; never the secret itself. */
export type TokenKeys = Readonly<Record<TokenPurpose, Uint8Array>>;

/** HKDF-SHA256 of the secret with the purpose as its info: keys that share nothing usable between purposes. */
export function deriveTokenKeys(secret: Uint8Array): TokenKeys {
  const derive = (purpose: TokenPurpose) =>
    new Uint8Array(hkdfSync('sha256', secret, 'ips-agenda/token-keys/v1', `purpose:${purpose}`, 32));
  return Object.freeze({ session: derive('session'), download: derive('download') });
}

export interface TokenClaims {
  sub: string;
  sid: string;
  role: string;
  name: string;
}

const SESSION = TOKEN_PURPOSES.session;

/** A session token, signed with the session key (`keys.session`). */
export async function signSessionToken(
  key: Uint8Array,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role, name: claims.name })
    .setProtectedHeader({ alg: 'HS256', typ: SESSION.typ })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(SESSION.audience)
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

/** The claims of a session token (its key, `typ` and audience), or a 401; any other kind of token is refused. */
export async function verifySessionToken(key: Uint8Array, token: string): Promise<TokenClaims> {
  let known = verified.get(key);
  const hit = known?.get(token);
  if (hit) {
    if (hit.expMs > Date.now()) return hit.claims;
    known!.delete(token);
    throw new AppError('UNAUTHORIZED', 'Token expirado');
  }
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: SESSION.audience,
      typ: SESSION.typ,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
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
 * The token keys, derived from the secret: JWT_SECRET when configured, otherwise one generated on first start and
 * kept in the database, so every instance on the same database shares it and tokens survive restarts.
 */
export async function loadTokenKeys(db: Db, configured?: string): Promise<TokenKeys> {
  return deriveTokenKeys(await loadSecret(db, configured));
}

async function loadSecret(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSecrets)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

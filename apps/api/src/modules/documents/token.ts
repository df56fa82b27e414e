import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '@ips/shared/errors';
import { DOCUMENT_MESSAGES as M } from '@ips/shared/schemas/documents';
import { TOKEN_PURPOSES } from '../../lib/tokens';

/*
 * The download link's token (decision 036): signed with the download key (`tokenKeys.download`, derived from the
 * instance's secret apart from the session key), of its own `typ` and audience, bound to one document and to the
 * session that asked for it, and valid for minutes. A session token in its place is refused, and this token opens
 * nothing but that document: the session verifier refuses it (issue 33).
 */
const ISSUER = 'ips-agenda';
const AUDIENCE = TOKEN_PURPOSES.download.audience;
const TYP = TOKEN_PURPOSES.download.typ;
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;

export interface DownloadClaims {
  documentId: number;
  userId: number;
  sessionId: string;
}

export async function signDownloadToken(
  key: Uint8Array,
  c: DownloadClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ doc: c.documentId, sid: c.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: TYP })
    .setSubject(String(c.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** The claims of a download token for this document, or a 401 (invalid, expired) or 403 (another document). */
export async function verifyDownloadToken(
  key: Uint8Array,
  token: string | undefined,
  documentId: number,
): Promise<DownloadClaims> {
  if (!token) throw new AppError('UNAUTHORIZED', M.tokenMissing);
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TYP,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'doc', 'sid'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('UNAUTHORIZED', M.tokenExpired);
    throw new AppError('UNAUTHORIZED', M.tokenInvalid);
  }
  const userId = Number(payload.sub);
  if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.doc !== 'number')
    throw new AppError('UNAUTHORIZED', M.tokenInvalid);
  if (payload.doc !== documentId) throw new AppError('FORBIDDEN', M.tokenOtherDocument);
  return { documentId, userId, sessionId: payload.sid };
}

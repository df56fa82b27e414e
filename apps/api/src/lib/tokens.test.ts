import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deriveTokenKeys, signSessionToken, TOKEN_PURPOSES, verifySessionToken } from './tokens';

const claims = { sub: '1', sid: '00000000-0000-4000-8000-000000000001', role: 'admin', name: 'x' };
const key = (s: string) => new TextEncoder().encode(s.padEnd(48, '#'));

afterEach(() => vi.useRealTimers());

describe('verifySessionToken with its cache of verified tokens', () => {
  it('a token verified once still expires on time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-04T10:00:00Z'));
    const k = key('a');
    const token = await signSessionToken(k, claims, new Date('2026-05-04T10:00:05Z'));
    expect(await verifySessionToken(k, token)).toMatchObject({ sid: claims.sid });
    expect(await verifySessionToken(k, token)).toMatchObject({ sid: claims.sid });
    vi.setSystemTime(new Date('2026-05-04T10:00:06Z'));
    await expect(verifySessionToken(k, token)).rejects.toThrow('Token expirado');
    await expect(verifySessionToken(k, token)).rejects.toThrow('Token expirado');
  });

  it('is per key and per exact token: another key or an altered signature is rejected', async () => {
    const a = key('a');
    const b = key('b');
    const token = await signSessionToken(a, claims, new Date(Date.now() + 60_000));
    await verifySessionToken(a, token);
    await expect(verifySessionToken(b, token)).rejects.toThrow('Token inválido');
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const altered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    await expect(verifySessionToken(a, altered)).rejects.toThrow('Token inválido');
  });
});

describe('one key, typ and audience per purpose (issue 33)', () => {
  it('derives a distinct key per purpose, none the secret itself, the same on every instance', () => {
    const secret = key('secreto');
    const keys = deriveTokenKeys(secret);
    const hex = (k: Uint8Array) => Buffer.from(k).toString('hex');
    expect(hex(keys.session)).not.toBe(hex(keys.download));
    expect(hex(keys.session)).not.toBe(hex(secret));
    expect(hex(deriveTokenKeys(key('secreto')).session)).toBe(hex(keys.session));
    expect(hex(deriveTokenKeys(key('otro')).session)).not.toBe(hex(keys.session));
  });

  /** A token with the session's claims, signed with the session key, but of another typ or audience. */
  const forged = (k: Uint8Array, typ: string, audience?: string) => {
    const jwt = new SignJWT({ sid: claims.sid, role: 'admin', name: 'x' })
      .setProtectedHeader({ alg: 'HS256', typ })
      .setSubject('1')
      .setIssuer('ips-agenda')
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60);
    return (audience ? jwt.setAudience(audience) : jwt).sign(k);
  };

  it('the session verifier refuses a token of another typ or audience even with the session key', async () => {
    const k = deriveTokenKeys(key('s')).session;
    const { typ, audience } = TOKEN_PURPOSES.session;
    await expect(verifySessionToken(k, await forged(k, typ, audience))).resolves.toMatchObject({ sub: '1' });
    for (const token of [
      await forged(k, 'JWT'),
      await forged(k, typ),
      await forged(k, TOKEN_PURPOSES.download.typ, TOKEN_PURPOSES.download.audience),
      await forged(k, typ, TOKEN_PURPOSES.download.audience),
      await forged(k, TOKEN_PURPOSES.download.typ, audience),
    ])
      await expect(verifySessionToken(k, token)).rejects.toThrow('Token inválido');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, verifyToken } from './tokens';

const claims = { sub: '1', sid: '00000000-0000-4000-8000-000000000001', role: 'admin', name: 'x' };
const key = (s: string) => new TextEncoder().encode(s.padEnd(48, '#'));

afterEach(() => vi.useRealTimers());

describe('verifyToken with its cache of verified tokens', () => {
  it('a token verified once still expires on time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-04T10:00:00Z'));
    const k = key('a');
    const token = await signToken(k, claims, new Date('2026-05-04T10:00:05Z'));
    expect(await verifyToken(k, token)).toMatchObject({ sid: claims.sid });
    expect(await verifyToken(k, token)).toMatchObject({ sid: claims.sid });
    vi.setSystemTime(new Date('2026-05-04T10:00:06Z'));
    await expect(verifyToken(k, token)).rejects.toThrow('Token expirado');
    await expect(verifyToken(k, token)).rejects.toThrow('Token expirado');
  });

  it('is per key and per exact token: another key or an altered signature is rejected', async () => {
    const a = key('a');
    const b = key('b');
    const token = await signToken(a, claims, new Date(Date.now() + 60_000));
    await verifyToken(a, token);
    await expect(verifyToken(b, token)).rejects.toThrow('Token inválido');
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const altered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    await expect(verifyToken(a, altered)).rejects.toThrow('Token inválido');
  });
});

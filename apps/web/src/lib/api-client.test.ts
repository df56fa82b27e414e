import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import { getAuthSnapshot, isSnapshotValid, peekLogoutReason } from './auth-storage';
import { setLoginNavigator } from './login-redirect';
import { stubLocalStorage } from './test-globals';

let storage: Map<string, string>;
let navigate: ReturnType<typeof vi.fn<(from: string) => void>>;
let fetchMock: ReturnType<typeof vi.fn>;

function jwt(expSeconds: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: expSeconds, name: 'Ana María' })}.firma`;
}

function signIn(expiresInMs: number) {
  const token = jwt(Math.floor((Date.now() + 12 * 3600_000) / 1000));
  storage.set('token', token);
  storage.set('user', JSON.stringify({ id: 1, name: 'Ana', email: 'a@b.co', role: 'admin' }));
  storage.set('isAuthenticated', 'true');
  storage.set('expires_at', new Date(Date.now() + expiresInMs).toISOString());
  return token;
}

function respond(status: number, body?: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

beforeEach(() => {
  storage = stubLocalStorage();
  vi.stubGlobal('window', { location: { pathname: '/settings', search: '?a=1', hash: '', assign: vi.fn() } });
  navigate = vi.fn<(from: string) => void>();
  setLoginNavigator(navigate);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  setLoginNavigator(null);
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with the bearer token under /api', async () => {
    const token = signIn(3600_000);
    respond(200, { success: true, data: [1] });
    await expect(apiRequest('/sessions/my-sessions')).resolves.toEqual({ success: true, data: [1] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sessions/my-sessions');
    expect(init.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('treats a token within 5 minutes of expiry as expired: no call, login cleared, sent to /login', async () => {
    signIn(4 * 60_000);
    await expect(apiRequest('/auth/me')).rejects.toThrow('Token expirado');
    expect(fetchMock).not.toHaveBeenCalled();
    expect([...storage.keys()]).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/settings?a=1');
    expect(peekLogoutReason()).toBe('expired');
  });

  it('uses the earlier of the JWT exp and the stored expires_at', () => {
    signIn(3600_000);
    expect(isSnapshotValid(getAuthSnapshot())).toBe(true);
    storage.set('token', jwt(Math.floor(Date.now() / 1000) + 120));
    expect(isSnapshotValid(getAuthSnapshot())).toBe(false);
  });

  it('a 401 clears token, user and auth flag and redirects', async () => {
    signIn(3600_000);
    respond(401, { success: false, message: 'Sesión inválida' });
    const err = await apiRequest('/auth/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(storage.has('token') || storage.has('user') || storage.has('isAuthenticated')).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('a 401 on a public call (wrong password) only reports the message', async () => {
    respond(401, {
      success: false,
      message: 'Correo electrónico o contraseña incorrectos',
      error: 'No autorizado',
    });
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toThrow(
      'Correo electrónico o contraseña incorrectos',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reads the error text from message, then error, else HTTP status; keeps the field errors', async () => {
    signIn(3600_000);
    respond(400, {
      success: false,
      message: 'Datos inválidos',
      errors: { email: ['Correo inválido'], name: 'Requerido' },
    });
    const e1 = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(e1.message).toBe('Datos inválidos');
    expect(e1.errors).toEqual({ email: ['Correo inválido'], name: ['Requerido'] });

    respond(409, { success: false, error: 'Conflicto' });
    await expect(apiRequest('/x')).rejects.toThrow('Conflicto');

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/x')).rejects.toThrow('HTTP 502');
  });

  it('turns a network failure into a Spanish message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = (await apiRequest('/x', { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.message).toMatch(/No se pudo conectar con el servidor/);
  });
});

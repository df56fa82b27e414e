import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginData } from '@ips/shared/schemas/auth';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { saveLogin } from '@/lib/auth-storage';

export type LoginInput = LoginBody;
export type LoginResult = LoginData;

/** POST /auth/login. A 401 here means wrong credentials, not "signed out", hence `auth: false`. */
export function login(input: LoginInput): Promise<ApiEnvelope<LoginResult>> {
  return api.post<ApiEnvelope<LoginResult>>('/auth/login', input, { auth: false });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ data }) => saveLogin(data.token, data.user, data.expires_at),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { saveLogin, type AuthUser } from '@/lib/auth-storage';

export interface LoginInput {
  email: string;
  password: string;
}

export interface LoginResult {
  token: string;
  user: AuthUser;
  expires_at: string;
}

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

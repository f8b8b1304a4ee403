import { useMutation } from '@tanstack/react-query';
import type { LoginInput, TokenResponse } from '@sokoni/contracts/auth';
import { apiRequest } from '@/lib/api-client';

export function login(input: LoginInput): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/auth/login', { method: 'POST', body: input, authenticated: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

import { useMutation } from '@tanstack/react-query';
import type { RegisterInput, TokenResponse } from '@sokoni/contracts/auth';
import { apiRequest } from '@/lib/api-client';

export function register(input: RegisterInput): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/auth/register', { method: 'POST', body: input, authenticated: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

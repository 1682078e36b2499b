import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@core/validation';
import { api } from '@/lib/api';
import { meQueryOptions } from '@/lib/session';

export const login = (input: LoginInput) => api<{ user: { id: string } }>('/api/auth/sign-in/email', { body: input });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

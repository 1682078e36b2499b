import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signIn } from '@core/contracts/auth';
import type { LoginInput } from '@core/validation';
import { request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';

export const login = (input: LoginInput) => request(signIn, { body: input });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

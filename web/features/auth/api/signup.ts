import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupInput } from '@core/validation';
import { api } from '@/lib/api';
import { meQueryOptions } from '@/lib/session';

/** token is null when the account must confirm its e-mail before it can sign in. */
export const signup = (input: SignupInput) => api<{ token: string | null; user: { id: string } }>('/api/auth/sign-up/email', { body: input });

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (data) => {
      if (data.token) return queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { browserTimeZone } from '@core/time-zone';
import type { SignupInput } from '@core/validation';
import type * as auth from '@core/contracts/auth';
import { endpointAt, request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';

const signUp = endpointAt<typeof auth.signUp>('POST', '/api/auth/sign-up/email');

/**
 * token is null when the account must confirm its e-mail before it can sign in. The browser's time zone goes along:
 * the account keeps it (docs/product/accounts.md#time-zone).
 */
export const signup = (input: SignupInput) => request(signUp, { body: { ...input, timeZone: browserTimeZone() } });

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (data) => {
      if (data.token) return queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}

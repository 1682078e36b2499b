import { useMutation, useQueryClient } from '@tanstack/react-query';
import { browserTimeZone } from '@core/time-zone';
import type { LoginInput } from '@core/validation';
import type * as auth from '@core/contracts/auth';
import { endpointAt, request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';

const signIn = endpointAt<typeof auth.signIn>('POST', '/api/auth/sign-in/email');

/** The browser's time zone goes along: the account keeps it (docs/product/accounts.md#time-zone). */
export const login = (input: LoginInput) => request(signIn, { body: { ...input, timeZone: browserTimeZone() } });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signIn } from '@core/contracts/auth';
import { browserTimeZone } from '@core/time-zone';
import type { LoginInput } from '@core/validation';
import { request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';

/** The browser's time zone goes along: the account keeps it (docs/product/accounts.md#time-zone). */
export const login = (input: LoginInput) => request(signIn, { body: { ...input, timeZone: browserTimeZone() } });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

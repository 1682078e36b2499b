import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@core/validation';
import type * as account from '@core/contracts/account';
import type * as auth from '@core/contracts/auth';
import { endpointAt, request } from '@/lib/api';

const checkResetToken = endpointAt<typeof account.checkResetToken>('GET', '/api/account/reset-token');
const endpoint = endpointAt<typeof auth.resetPassword>('POST', '/api/auth/reset-password');

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => request(checkResetToken, { query: { token }, signal }),
    staleTime: 0,
  });

export const useResetTokenCheck = (token: string | null) => useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });

export const resetPassword = (input: ResetPasswordInput) => request(endpoint, { body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

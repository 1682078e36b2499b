import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { checkResetToken } from '@core/contracts/account';
import { resetPassword as endpoint } from '@core/contracts/auth';
import type { ResetPasswordInput } from '@core/validation';
import { request } from '@/lib/api';

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => request(checkResetToken, { query: { token }, signal }),
    staleTime: 0,
  });

export const useResetTokenCheck = (token: string | null) => useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });

export const resetPassword = (input: ResetPasswordInput) => request(endpoint, { body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

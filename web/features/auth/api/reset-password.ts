import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@core/validation';
import { api } from '@/lib/api';

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => api<{ valid: boolean }>(`/api/account/reset-token?token=${encodeURIComponent(token)}`, { signal }),
    staleTime: 0,
  });

export const useResetTokenCheck = (token: string | null) => useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });

export const resetPassword = (input: ResetPasswordInput) => api<{ status: boolean }>('/api/auth/reset-password', { body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

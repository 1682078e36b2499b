import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@core/validation';
import { api } from '@/lib/api';

export const requestPasswordReset = (input: ForgotPasswordInput) => api<{ status: boolean }>('/api/auth/request-password-reset', { body: input });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

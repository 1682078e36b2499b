import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset as endpoint } from '@core/contracts/auth';
import type { ForgotPasswordInput } from '@core/validation';
import { request } from '@/lib/api';

export const requestPasswordReset = (input: ForgotPasswordInput) => request(endpoint, { body: input });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@core/validation';
import type * as auth from '@core/contracts/auth';
import { endpointAt, request } from '@/lib/api';

const endpoint = endpointAt<typeof auth.requestPasswordReset>('POST', '/api/auth/request-password-reset');

export const requestPasswordReset = (input: ForgotPasswordInput) => request(endpoint, { body: input });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

import { useMutation } from '@tanstack/react-query';
import type * as auth from '@core/contracts/auth';
import { endpointAt, request } from '@/lib/api';

const endpoint = endpointAt<typeof auth.sendVerificationEmail>('POST', '/api/auth/send-verification-email');

/** The confirmation mail, asked for from the profile: its link comes back to the profile (3 an hour per address). */
export const sendConfirmation = (email: string) => request(endpoint, { body: { email, returnTo: 'profile' } });

export const useSendConfirmation = () => useMutation({ mutationFn: sendConfirmation });

import { useMutation } from '@tanstack/react-query';
import { sendNudge as endpoint } from '@core/contracts/notifications';
import type { NudgeTarget } from '@core/notifications';
import { request } from '@/lib/api';

export const sendNudge = (target: NudgeTarget) => request(endpoint, { body: target });

export const useSendNudge = () => useMutation({ mutationFn: sendNudge });

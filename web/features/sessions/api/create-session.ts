import { useMutation } from '@tanstack/react-query';
import type { Pace } from '@core/contracts/common';
import { createSession as createSessionEndpoint } from '@core/contracts/sessions';
import { request } from '@/lib/api';

/** Without a pace the server takes the couple's last choice for this game (else live). `guessing`: Guess my answer. */
export const createSession = ({ levelId, pace, guessing }: { levelId: string; pace?: Pace; guessing?: boolean }) =>
  request(createSessionEndpoint, { body: { levelId, ...(pace ? { pace } : {}), ...(guessing ? { guessing } : {}) } });

export const useCreateSession = () => useMutation({ mutationFn: createSession });

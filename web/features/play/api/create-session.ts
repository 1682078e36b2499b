import { useMutation } from '@tanstack/react-query';
import { createSession as createSessionEndpoint } from '@core/contracts/sessions';
import { request } from '@/lib/api';

export const createSession = (levelId: string) => request(createSessionEndpoint, { body: { levelId } });

export const useCreateSession = () => useMutation({ mutationFn: createSession });

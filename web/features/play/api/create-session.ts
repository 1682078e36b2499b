import { useMutation } from '@tanstack/react-query';
import type { GameType } from '@core/games';
import { api } from '@/lib/api';

export interface CreatedSession {
  id: string;
  game: GameType;
  levelId: string;
}

export const createSession = (levelId: string) => api<{ session: CreatedSession }>('/api/sessions', { body: { levelId } });

export const useCreateSession = () => useMutation({ mutationFn: createSession });

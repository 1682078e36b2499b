import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime';
import { setDaily } from './api/get-daily';

/** The partner answered: their event carries this viewer's own view of the days (their words only once both answered). */
export function useLiveDaily() {
  const queryClient = useQueryClient();
  useRealtimeEvent('daily:answered', (daily) => setDaily(queryClient, daily));
}

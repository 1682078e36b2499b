import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime';

/** The other member starred or unstarred something shared: every memory on screen is read again. */
export function useLiveStars() {
  const queryClient = useQueryClient();
  useRealtimeEvent('memory:starred', () => void queryClient.invalidateQueries({ queryKey: ['memories'] }));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerDaily as endpoint } from '@core/contracts/daily';
import { request } from '@/lib/api';
import { yourTurnQueryOptions } from '@/lib/your-turn';
import { dailyQueryOptions, setDaily } from './get-daily';

export const answerDaily = ({ day, answer }: { day: string; answer: string }) => request(endpoint, { params: { day }, body: { answer } });

/** Answers (or changes the answer to) one day's question; the reply is the viewer's days, put in place at once. */
export function useAnswerDaily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerDaily,
    onSuccess: (daily) => {
      setDaily(queryClient, daily);
      // The bell's "your turn" loses this day.
      void queryClient.invalidateQueries({ queryKey: yourTurnQueryOptions.queryKey });
    },
    // Refused (the partner answered meanwhile, so the answers stand; the day is gone): the screen reads the days again.
    onError: () => void queryClient.invalidateQueries({ queryKey: dailyQueryOptions.queryKey }),
  });
}

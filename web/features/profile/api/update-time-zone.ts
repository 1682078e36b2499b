import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateMe } from '@core/contracts/account';
import { request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';

export const updateTimeZone = (timeZone: string) => request(updateMe, { body: { timeZone } });

/** The profile's time zone: the answer is the user with it, put in place of "me" at once. */
export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeZone,
    onSuccess: ({ user }) => queryClient.setQueryData(meQueryOptions.queryKey, user),
  });
}

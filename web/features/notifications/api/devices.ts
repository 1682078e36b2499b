import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDevice, listDevices, removeDevice } from '@core/contracts/devices';
import { request } from '@/lib/api';

export const devicesQueryOptions = queryOptions({
  queryKey: ['devices'],
  queryFn: ({ signal }) => request(listDevices, { signal }),
});

export const useDevices = () => useQuery(devicesQueryOptions);

/** A browser's subscription, sent as `PushSubscription.toJSON()` gives it. */
export const addThisDevice = (subscription: PushSubscriptionJSON) =>
  request(addDevice, { body: { endpoint: subscription.endpoint ?? '', keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' } } });

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(removeDevice, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryOptions.queryKey }),
  });
}

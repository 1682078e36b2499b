import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotificationSettings as endpoint } from '@core/contracts/notifications';
import { request } from '@/lib/api';

export const getNotificationSettings = (signal?: AbortSignal) => request(endpoint, { signal });

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: ['notification-settings'],
  queryFn: ({ signal }) => getNotificationSettings(signal),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions);

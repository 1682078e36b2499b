import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateNotificationSettings as endpoint } from '@core/contracts/notifications';
import type { NotificationSettings } from '@core/notifications';
import { request } from '@/lib/api';
import { notificationSettingsQueryOptions } from './get-notification-settings';

export const updateNotificationSettings = (body: Partial<NotificationSettings>) => request(endpoint, { body });

/** One change at a time; the answer is all the settings, put in place at once. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (data) => queryClient.setQueryData(notificationSettingsQueryOptions.queryKey, data),
  });
}

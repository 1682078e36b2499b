import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { meQueryOptions } from '@/lib/session';

export const deleteAccount = () => api<{ ok: true }>('/api/account', { method: 'DELETE', body: { confirm: true } });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions.queryKey, null);
    },
  });
}

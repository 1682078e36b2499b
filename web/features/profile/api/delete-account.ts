import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAccount as endpoint } from '@core/contracts/account';
import { request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';

export const deleteAccount = () => request(endpoint, { body: { confirm: true } });

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

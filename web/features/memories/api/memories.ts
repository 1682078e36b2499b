import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDayMemory, getSessionMemory, listMemories, setStar, type StarTarget } from '@core/contracts/memories';
import { exportEndpoint } from '@core/contracts/memories-export';
import { request } from '@/lib/api';

export interface MemoryFilter {
  activity?: string;
  q?: string;
  starred?: boolean;
}

const listOptions = (f: MemoryFilter) =>
  queryOptions({
    queryKey: ['memories', 'list', f],
    queryFn: ({ signal }) =>
      request(listMemories, {
        signal,
        query: { ...(f.activity ? { activity: f.activity as never } : {}), ...(f.q ? { q: f.q } : {}), ...(f.starred ? { starred: 'true' as const } : {}) },
      }),
  });

/** The list, kept on screen while a new search or filter loads. */
export const useMemories = (f: MemoryFilter) => useQuery({ ...listOptions(f), placeholderData: keepPreviousData });

export const useSessionMemory = (id: string) => useQuery({ queryKey: ['memories', 'session', id], queryFn: ({ signal }) => request(getSessionMemory, { signal, params: { id } }) });

export const useDayMemory = (low: string, high: string, day: string) =>
  useQuery({ queryKey: ['memories', 'day', low, high, day], queryFn: ({ signal }) => request(getDayMemory, { signal, params: { low, high, day } }) });

/** Everything, for the printable page. */
export const useExport = () => useQuery({ queryKey: ['memories', 'export'], queryFn: ({ signal }) => request(exportEndpoint, { signal }) });

/** A star set or cleared; every memory read again (the list's counts and the page's stars). */
export function useSetStar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, starred }: { target: StarTarget; starred: boolean }) => request(setStar, { body: { target, starred } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['memories'] }),
  });
}

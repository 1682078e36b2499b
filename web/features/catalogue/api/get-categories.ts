import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCategories } from '@core/contracts/catalogue';
import { request } from '@/lib/api';

export type { Categories, Category, Level } from '@core/contracts/catalogue';

export const categoriesQueryOptions = (game: string) =>
  queryOptions({
    queryKey: ['games', game, 'categories'],
    queryFn: ({ signal }) => request(getCategories, { params: { gameType: game }, signal }),
  });

// Progress changes in sessions (yours or your partner's), so the lists refresh whenever they come on screen.
export const useCategories = (game: string) => useQuery({ ...categoriesQueryOptions(game), refetchOnMount: 'always' });

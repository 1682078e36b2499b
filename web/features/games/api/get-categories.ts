import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoriesDto } from '@core/contracts';
import { api } from '@/lib/api';

export type { CategoryDto as Category, LevelDto as Level } from '@core/contracts';

export const categoriesQueryOptions = (game: string) =>
  queryOptions({
    queryKey: ['games', game, 'categories'],
    queryFn: ({ signal }) => api<CategoriesDto>(`/api/games/${encodeURIComponent(game)}/categories`, { signal }),
  });

// Progress changes in sessions (yours or your partner's), so the lists refresh whenever they come on screen.
export const useCategories = (game: string) => useQuery({ ...categoriesQueryOptions(game), refetchOnMount: 'always' });

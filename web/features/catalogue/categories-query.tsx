import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { type Categories, useCategories } from './api/get-categories';

/** A game's categories once loaded, with the loading, error and empty states every categories page shares. */
export function CategoriesQuery({ game, children }: { game: string; children: (data: Categories) => ReactNode }) {
  const query = useCategories(game);
  if (query.isPending) return <Spinner label="Loading categories" />;
  if (query.isError) return <Alert tone="error">{errorMessage(query.error, 'Could not load the categories. Please try again.')}</Alert>;
  if (!query.data.categories.length) return <Alert tone="info">No categories yet for this game.</Alert>;
  return children(query.data);
}

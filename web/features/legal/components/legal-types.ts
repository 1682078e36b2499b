import type { ReactNode } from 'react';

/** One numbered section of a legal document; `id` is its '#' anchor. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

import { Navigate, useParams } from 'react-router';
import { screens } from '@core/screens';
import { DayMemoryPage } from './day-memory-page';
import { MemoriesPage } from './memories-page';
import { SessionMemoryPage } from './session-memory-page';

/**
 * Every address under /memories (core/screens.ts: `memories`, `memorySession`, `memoryDay`) comes to this one route,
 * which picks the screen: the router holds one entry for them all.
 */
export function MemoriesScreen() {
  const [kind, a, b, c, ...more] = (useParams()['*'] ?? '').split('/').filter(Boolean);
  if (!kind) return <MemoriesPage />;
  if (kind === 'sessions' && a && !b) return <SessionMemoryPage sessionId={a} />;
  if (kind === 'days' && a && b && c && !more.length) return <DayMemoryPage low={a} high={b} day={c} />;
  return <Navigate to={screens.memories} replace />;
}

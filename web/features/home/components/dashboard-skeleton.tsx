import { Card } from '@/components/ui/card';

/** The dashboard's shape while it loads, so nothing jumps when the numbers arrive. */
export function DashboardSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">Loading your dashboard</span>
      <div aria-hidden className="flex flex-col gap-3">
        <span className="h-6 w-36 animate-pulse rounded-full bg-line" />
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <span key={i} className="h-36 animate-pulse rounded-card bg-line/50" />
          ))}
        </div>
      </div>
      <div aria-hidden className="grid gap-6 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <Card key={i} className="flex flex-col gap-3">
            <span className="h-6 w-40 animate-pulse rounded-full bg-line" />
            {[0, 1, 2].map((j) => (
              <span key={j} className="h-12 animate-pulse rounded-control bg-surface-soft" />
            ))}
          </Card>
        ))}
      </div>
    </div>
  );
}

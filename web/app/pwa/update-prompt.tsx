import { Button } from '@/components/ui/button';

/**
 * "A new version is ready · Refresh" (docs/decisions/045-installable-and-offline.md): a new deployment's service
 * worker is waiting. Refresh lets it take over and reloads; Later keeps this version until the next page load.
 */
export function UpdatePrompt({ onRefresh, onLater }: { onRefresh: () => void; onLater: () => void }) {
  return (
    <div role="status" className="fixed inset-x-0 bottom-0 z-50 flex justify-center px-4 pb-[max(1rem,env(safe-area-inset-bottom))] motion-safe:animate-fade-up">
      <div className="flex items-center gap-3 rounded-full bg-surface py-2 pr-2 pl-5 text-sm text-ink shadow-lift ring-1 ring-line">
        <span className="font-medium">A new version is ready</span>
        <Button variant="ghost" size="sm" onClick={onLater}>
          Later
        </Button>
        <Button size="sm" onClick={onRefresh}>
          Refresh
        </Button>
      </div>
    </div>
  );
}

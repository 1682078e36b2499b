import { Button } from '@/components/ui/button';

/**
 * "A new version is ready · Refresh" (docs/decisions/045-installable-and-offline.md): a new deployment's service
 * worker is waiting. Refresh lets it take over and reloads; Later keeps this version until the next page load.
 */
export function UpdatePrompt({ onRefresh, onLater }: { onRefresh: () => void; onLater: () => void }) {
  return (
    <div role="status" className="fixed inset-x-0 bottom-0 z-50 flex justify-center px-4 pb-[max(1rem,env(safe-area-inset-bottom))] motion-safe:animate-fade-up">
      {/* One line on a 360 px phone: the sentence never wraps, the buttons are snug. */}
      <div className="flex items-center gap-1.5 rounded-full bg-surface py-1.5 pr-1.5 pl-4 text-sm text-ink shadow-lift ring-1 ring-line sm:gap-3 sm:py-2 sm:pr-2 sm:pl-5">
        <span className="whitespace-nowrap font-medium">A new version is ready</span>
        <Button variant="ghost" size="sm" className="px-3" onClick={onLater}>
          Later
        </Button>
        <Button size="sm" className="px-3.5" onClick={onRefresh}>
          Refresh
        </Button>
      </div>
    </div>
  );
}

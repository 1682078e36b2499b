import { Hourglass } from 'lucide-react';
import { Card } from '@/components/ui/card';
import type { SessionSnapshot } from './api/get-session';
import { partnerName } from './board/scored-round';

/**
 * At your own pace, once you have answered every item and your partner has not
 * (docs/product/sessions-and-games.md#at-your-own-pace): nothing is asked of you; their answers come in below as
 * they give them, live if you are here.
 */
export function AllAnswered({ snapshot }: { snapshot: SessionSnapshot }) {
  const partner = partnerName(snapshot);
  return (
    <Card role="status" className="text-center">
      <Hourglass className="mx-auto size-9 text-brand" aria-hidden />
      <h2 className="mt-3 text-xl font-bold text-ink">You&apos;ve answered all {snapshot.itemCount}.</h2>
      <p className="mt-2 text-ink-muted">
        {partner} is on {snapshot.progress?.partner ?? 0} — their answers will appear here as they go.
      </p>
    </Card>
  );
}

import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import type { NudgeReceivedEvent } from '@core/contracts/notifications';
import { messages } from '@core/messages';
import { nudgeAbout } from './use-live-nudges';

/** A partner's nudge in the bell: who, about what, and a tap goes there. */
export function NudgeRow({ nudge, onOpen }: { nudge: NudgeReceivedEvent; onOpen: () => void }) {
  const { text, to } = nudgeAbout(nudge);
  return (
    <li>
      <Link to={to} onClick={onOpen} className="flex min-h-11 items-center gap-3 rounded-control p-3 text-sm leading-snug text-ink hover:bg-surface-soft">
        <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-full bg-brand text-on-fill">
          <BellRing className="size-4" />
        </span>
        <span>
          <span className="font-semibold">{messages.notifications.nudgeReceived(nudge.from.username)}</span>
          <br />
          {text}
        </span>
      </Link>
    </li>
  );
}

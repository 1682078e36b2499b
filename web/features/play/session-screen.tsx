import { Link2Off } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Page } from '@/components/ui/page';
import { gameDefinitions } from '@core/game-definitions';
import { useMe } from '@/lib/me';
import { AdvanceBar } from './advance-bar';
import type { SessionSnapshot } from './api/get-session';
import { advanceLabel, GameBoard } from './boards/game-board';
import { partnerName } from './boards/scored-board';
import { CompletionDialog } from './completion-dialog';
import { CompletedCard, NoQuestions } from './end-states';
import { HostControls } from './host-controls';
import { SessionHeader } from './session-header';
import { SessionOptionsMenu } from './session-options-menu';
import { useAnswerOutbox } from './use-answer-outbox';
import { useHeldFor } from './use-held-for';
import { usePartnerAnswerToasts } from './use-partner-answer-toasts';
import { useRevealInView } from './use-reveal-in-view';
import { useSessionLive } from './use-session-live';
import { WaitingBanner } from './waiting-banner';

/** The session once loaded: everything on screen comes from the server's state; the board is the game's own. */
export function SessionScreen({ snapshot }: { snapshot: SessionSnapshot }) {
  const me = useMe().data;
  const { game, session, role, current, answers, itemCount, readOnly } = snapshot;
  const isHost = role === 'host';
  const completed = session.status === 'completed';
  // A former couple's session (they unlinked) is a record to look at: no play, no waiting, no host controls.
  const playing = !completed && !readOnly;
  const otherId = isHost ? snapshot.partner?.id : snapshot.host.id;
  const live = useSessionLive(session.id, { meId: me?.id, otherId, active: playing });
  const outbox = useAnswerOutbox(session.id, live.connected);
  const [dialogClosed, setDialogClosed] = useState(false);
  usePartnerAnswerToasts({ sessionId: session.id, meId: me?.id, partnerName: partnerName(snapshot), bothAnswered: answers.bothAnswered || completed });
  const board = useRef<HTMLDivElement>(null);
  useRevealInView(board, current?.id, answers.bothAnswered && playing);

  const onAnswer = (answer: unknown) => {
    if (current && playing) outbox.answer({ itemId: current.id, answer });
  };

  const reconnecting = useHeldFor(!live.connected && playing, 1500);
  // Waiting for the partner comes before the game (docs/product/sessions-and-games.md#the-session-screen). Once the
  // game is under way (they have been here, or there are answers), a partner who drops out does not take the board
  // away: the banner says they are away and their place is kept, and only after the grace a reload gets
  // (use-session-live).
  const [metPartner, setMetPartner] = useState(false);
  if (live.partnerPresent && !metPartner) setMetPartner(true);
  const underway = metPartner || session.currentIndex > 0 || answers.mine != null || answers.partnerAnswered;
  const beforeGame = playing && live.joined && !live.partnerPresent && !underway;
  const away = playing && underway && live.partnerAway;
  const hostActions = isHost && playing;

  return (
    <Page width="medium" className="sm:py-8">
      <SessionHeader snapshot={snapshot} meId={me?.id} present={live.present} menu={hostActions && <SessionOptionsMenu game={game} sessionId={session.id} />} />

      {readOnly && (
        <Alert tone="info" title="This session is read-only" className="mb-5">
          You're no longer linked, so you can look back at your answers here, but neither of you can play on.
        </Alert>
      )}
      {(beforeGame || away) && (
        <WaitingBanner isHost={isHost} hasPartner={!!snapshot.partner} away={away} consentedLink={gameDefinitions[game].consentedLink}>
          {hostActions && <HostControls game={game} sessionId={session.id} className="shrink-0" />}
        </WaitingBanner>
      )}
      {reconnecting && (
        <Alert tone="info" className="mb-5">
          Reconnecting… Your answers are safe; the game picks up where it is as soon as you are back.
        </Alert>
      )}
      {live.roomError && !readOnly && (
        <Alert tone="error" className="mb-5">
          <Link2Off className="mr-1 inline size-4" aria-hidden />
          {live.roomError}
        </Alert>
      )}

      {itemCount === 0 ? (
        <NoQuestions game={game} categoryId={snapshot.level.category.id} />
      ) : completed ? (
        <CompletedCard snapshot={snapshot} onShowSummary={() => setDialogClosed(false)} />
      ) : beforeGame || !current ? null : (
        <div ref={board} className="flex flex-col gap-6">
          <GameBoard snapshot={snapshot} onAnswer={onAnswer} sending={outbox.sending} kept={outbox.kept} readOnly={readOnly} partnerPresent={live.partnerPresent} />
          {answers.bothAnswered && playing && <AdvanceBar sessionId={session.id} isHost={isHost} label={advanceLabel(snapshot)} />}
        </div>
      )}

      <CompletionDialog snapshot={snapshot} meId={me?.id} open={completed && !dialogClosed} onOpenChange={(open) => setDialogClosed(!open)} />
    </Page>
  );
}

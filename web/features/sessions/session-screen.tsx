import { Link2Off } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Page } from '@/components/ui/page';
import { gameDefinitions } from '@core/game-definitions';
import { useOnAfterPaint } from '@/lib/after-paint';
import { useMe } from '@/lib/me';
import { AdvanceBar } from './advance-bar';
import { AllAnswered } from './all-answered';
import type { SessionSnapshot } from './api/get-session';
import { advanceLabel, GameBoard } from './board/game-board';
import { partnerName } from './board/scored-round';
import { CompletionDialog } from './completion-dialog';
import { completionSeen, rememberCompletionSeen } from './completion-seen';
import { CompletedCard, NoQuestions } from './end-states';
import { HostControls } from './host-controls';
import { PassedAnswers } from './passed-answers';
import { SessionHeader } from './session-header';
import { SessionOptionsMenu } from './session-options-menu';
import { SwitchToOwnPace } from './switch-to-own-pace';
import { useAnswerOutbox } from './use-answer-outbox';
import { useHeldFor } from './use-held-for';
import { usePartnerAnswerToasts } from './use-partner-answer-toasts';
import { useRevealInView } from './use-reveal-in-view';
import { useSessionLive } from './use-session-live';
import { WaitingBanner } from './waiting-banner';

/** A slot web/app fills: the nudge button at your own pace (docs/product/notifications.md#nudges). */
export type SessionNudgeSlot = (snapshot: SessionSnapshot, partnerName: string) => ReactNode;

/**
 * The session once loaded: everything on screen comes from the server's state; the board is the game's own. At your
 * own pace (docs/product/sessions-and-games.md#at-your-own-pace) the same screen with the rule changed: nobody waits
 * for anybody, the board is the item at your own position, your Next is yours once you answered, and the items you
 * passed are listed under it.
 */
export function SessionScreen({ snapshot, nudge }: { snapshot: SessionSnapshot; nudge?: SessionNudgeSlot }) {
  const me = useMe().data;
  const { game, session, role, current, answers, itemCount, readOnly } = snapshot;
  const isHost = role === 'host';
  const ownPace = session.pace === 'own';
  const completed = session.status === 'completed';
  // A former couple's session (they unlinked) is a record to look at: no play, no waiting, no host controls.
  const playing = !completed && !readOnly;
  const otherId = isHost ? snapshot.partner?.id : snapshot.host.id;
  // At your own pace the partner leaving interrupts nothing: their dot says it, no 'Partner Disconnected' toast.
  const live = useSessionLive(session.id, { meId: me?.id, otherId, active: playing && !ownPace });
  const outbox = useAnswerOutbox(session.id, live.connected, current ? { itemId: current.id, mine: answers.mine } : undefined);
  // At your own pace the dialog shows once per session (completion-seen.ts); live play shows it on every visit.
  const [dialogClosed, setDialogClosed] = useState(() => ownPace && completed && completionSeen(session.id));
  const dialogOpen = completed && !dialogClosed;
  useEffect(() => {
    if (dialogOpen && ownPace) rememberCompletionSeen(session.id);
  }, [dialogOpen, ownPace, session.id]);
  usePartnerAnswerToasts({ sessionId: session.id, meId: me?.id, partnerName: partnerName(snapshot), bothAnswered: answers.bothAnswered || completed });
  // The Next (or "Waiting for Host") bar comes a frame after what it follows: the frame that shows a partner's
  // answer lays out and paints the answer alone (docs/decisions/041-partner-paint.md). The reveal then scrolls into
  // view above the bar, once the bar is there.
  const advance = useOnAfterPaint((ownPace ? answers.mine != null : answers.bothAnswered) && playing, current?.id);
  const board = useRef<HTMLDivElement>(null);
  useRevealInView(board, current?.id, answers.bothAnswered && playing && advance);

  const onAnswer = (answer: unknown, guess?: unknown) => {
    if (current && playing) outbox.answer({ itemId: current.id, answer, ...(guess !== undefined ? { guess } : {}) });
  };

  const reconnecting = useHeldFor(!live.connected && playing, 1500);
  // Waiting for the partner comes before the game (docs/product/sessions-and-games.md#the-session-screen). Once the
  // game is under way (they have been here, or there are answers), a partner who drops out does not take the board
  // away: the banner says they are away and their place is kept, and only after the grace a reload gets
  // (use-session-live).
  const [metPartner, setMetPartner] = useState(false);
  if (live.partnerPresent && !metPartner) setMetPartner(true);
  const underway = metPartner || session.currentIndex > 0 || answers.mine != null || answers.partnerAnswered;
  const beforeGame = !ownPace && playing && live.joined && !live.partnerPresent && !underway;
  const away = !ownPace && playing && underway && live.partnerAway;
  const hostActions = isHost && playing;
  // The same element while it stays: the header then renders again only for what it shows (session-header.tsx).
  const menu = useMemo(() => hostActions && <SessionOptionsMenu game={game} sessionId={session.id} />, [hostActions, game, session.id]);

  return (
    <Page width="medium" className="sm:py-8">
      <SessionHeader snapshot={snapshot} meId={me?.id} present={live.present} menu={menu} />

      {readOnly && (
        <Alert tone="info" title="This session is read-only" className="mb-5">
          You're no longer linked, so you can look back at your answers here, but neither of you can play on.
        </Alert>
      )}
      {(beforeGame || away) && (
        <WaitingBanner isHost={isHost} hasPartner={!!snapshot.partner} away={away} consentedLink={gameDefinitions[game].unpartneredJoin === 'offered-link'}>
          {hostActions && <HostControls game={game} sessionId={session.id} className="shrink-0" />}
          {hostActions && beforeGame && snapshot.partner && <SwitchToOwnPace sessionId={session.id} partner={partnerName(snapshot)} />}
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
      ) : beforeGame ? null : !current ? (
        ownPace && <AllAnswered snapshot={snapshot} />
      ) : (
        <div ref={board} className="flex flex-col gap-6">
          {/* At your own pace nobody needs the other on screen to answer (the Couple Quiz included). */}
          <GameBoard snapshot={snapshot} onAnswer={onAnswer} sending={outbox.sending} kept={outbox.kept} readOnly={readOnly} partnerPresent={ownPace || live.partnerPresent} />
          {advance && <AdvanceBar sessionId={session.id} canAdvance={isHost || ownPace} label={advanceLabel(snapshot)} />}
        </div>
      )}
      {ownPace && playing && nudge?.(snapshot, partnerName(snapshot))}
      {ownPace && <PassedAnswers snapshot={snapshot} />}

      <CompletionDialog snapshot={snapshot} meId={me?.id} open={dialogOpen} onOpenChange={(open) => setDialogClosed(!open)} />
    </Page>
  );
}

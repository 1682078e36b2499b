import { Link } from 'react-router';
import { Link2Off } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';
import { Page } from '@/components/ui/page';
import { useRealtimeEvent } from '@/lib/realtime';
import { useMe } from '@/lib/session';
import { AdvanceBar } from './advance-bar';
import { type SessionSnapshot } from './api/get-session';
import { useSubmitAnswer } from './api/submit-answer';
import { boards } from './boards';
import { CompletionDialog } from './completion-dialog';
import { CompletedCard, NoQuestions } from './end-states';
import { HostControls } from './host-controls';
import { SessionHeader } from './session-header';
import { useSessionLive } from './use-session-live';
import { WaitingBanner } from './waiting-banner';

/** The session once loaded: everything on screen comes from the server's snapshot. */
export function SessionScreen({ snapshot }: { snapshot: SessionSnapshot }) {
  const me = useMe().data;
  const { session, role, current, answers, itemCount } = snapshot;
  const isHost = role === 'host';
  const completed = session.status === 'completed';
  const otherId = isHost ? snapshot.partner?.id : snapshot.host.id;
  const live = useSessionLive(session.id, { meId: me?.id, otherId, active: !completed });
  const submit = useSubmitAnswer(session.id);
  const [dialogClosed, setDialogClosed] = useState(false);
  const Board = boards[session.game];

  // A pick made while the previous one is still being sent goes next: the last pick wins, in order.
  const queued = useRef<{ answer: unknown } | null>(null);
  const send = (itemId: string, answer: unknown) =>
    submit.mutate(
      { itemId, answer },
      {
        onSuccess: (result) => {
          if (!result.bothAnswered) toast('Answer Submitted', { id: 'answer-submitted', description: 'Waiting for your partner to answer...' });
        },
        onError: (err) => {
          // 409: the host moved on or finished meanwhile; the reloaded snapshot shows where we are.
          if (err instanceof ApiError && err.status === 409) toast('Submission Error', { description: 'Could not submit your answer. Please try again.' });
          else toast.error('Submission Error', { description: 'Failed to submit your choice. Please try again.' });
        },
        onSettled: () => {
          const next = queued.current;
          queued.current = null;
          if (next) send(itemId, next.answer);
        },
      },
    );
  const onAnswer = (answer: unknown) => {
    if (!current) return;
    if (submit.isPending) queued.current = { answer };
    else send(current.id, answer);
  };

  // Both have answered: "waiting for your partner" and "your partner answered" are no longer news.
  useEffect(() => {
    if (!answers.bothAnswered && !completed) return;
    toast.dismiss('answer-submitted');
    toast.dismiss('partner-answered');
  }, [answers.bothAnswered, completed]);

  // Spec 001 §8: the other player's answer is news; once both have answered, the reveal says it all.
  useRealtimeEvent('session:answered', (event) => {
    if (event.sessionId !== session.id || event.userId === me?.id || event.bothAnswered) return;
    if (answers.mine != null) toast('Response Submitted', { id: 'partner-answered', description: "Your partner's response has been recorded." });
    else toast('New Answer', { id: 'partner-answered', description: `${isHost ? 'Partner' : 'Host'} has submitted an answer` });
  });

  const reconnecting = useLater(!live.connected && !completed, 1500);
  const waiting = live.joined && !live.partnerPresent && !completed;
  // Spec 001 §2.4: waiting for the partner comes before the game. Once both have been here, a partner who drops
  // out (a reload, a tunnel) does not take the board away: the banner says they are gone, the game stays.
  const [metPartner, setMetPartner] = useState(false);
  if (live.partnerPresent && !metPartner) setMetPartner(true);
  const beforeGame = waiting && !metPartner && session.currentIndex === 0 && !answers.mine;
  const hostControls = isHost && !completed ? <HostControls game={session.game} sessionId={session.id} className="shrink-0" /> : null;

  return (
    <Page width="medium" className="sm:py-8">
      <SessionHeader snapshot={snapshot} meId={me?.id} present={live.present}>
        {hostControls && !waiting && <div className="mt-4 border-t border-line pt-4">{hostControls}</div>}
      </SessionHeader>

      {waiting && (
        <WaitingBanner isHost={isHost} hasPartner={!!snapshot.partner}>
          {hostControls}
        </WaitingBanner>
      )}
      {reconnecting && (
        <Alert tone="info" className="mb-5">
          Reconnecting… Your answers are safe; the game picks up where it is as soon as you are back.
        </Alert>
      )}
      {live.roomError && (
        <Alert tone="error" className="mb-5">
          <Link2Off className="mr-1 inline size-4" aria-hidden />
          {live.roomError}
        </Alert>
      )}

      {itemCount === 0 ? (
        <NoQuestions game={session.game} categoryId={snapshot.level.category.id} />
      ) : completed ? (
        <CompletedCard snapshot={snapshot} onShowSummary={() => setDialogClosed(false)} />
      ) : beforeGame ? null : current && Board ? (
        <div className="flex flex-col gap-6">
          <Board snapshot={{ ...snapshot, current }} onAnswer={onAnswer} sending={submit.isPending ? submit.variables?.answer : undefined} />
          {answers.bothAnswered && <AdvanceBar sessionId={session.id} isHost={isHost} />}
        </div>
      ) : (
        <Alert tone="info" title="This game can’t be played in the browser yet">
          Would You Rather is ready for the two of you.{' '}
          <Link to="/games/would_you_rather/categories" className="font-semibold underline underline-offset-2">
            Play Would You Rather
          </Link>
        </Alert>
      )}

      <CompletionDialog snapshot={snapshot} open={completed && !dialogClosed} onOpenChange={(open) => setDialogClosed(!open)} />
    </Page>
  );
}

/** `flag`, once it has held for `ms`: a blip of the connection is not worth a banner. */
function useLater(flag: boolean, ms: number) {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [flag, ms]);
  return flag && elapsed;
}

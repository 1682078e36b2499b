/**
 * The partner's session screen, simulated as the browser keeps it (web/features/sessions/session-sync.ts): the
 * snapshot read once after joining the room, then each pushed `session:answered` applied with the same core
 * function (core/session-live.ts), in version order; a version gap reads the session again. The realtime bench
 * stops its clock when this screen holds the state it would render, not when the event's bytes arrive.
 */
import type { SessionAnsweredEvent, SessionSnapshot } from '../core/contracts/sessions';
import { applyAnswered } from '../core/session-live';

/** How a pushed answer ended on the screen. */
export type Received = 'applied' | 'stale' | 'wrong' | 'reread';

export class PartnerScreen {
  /** Events that showed a version gap (each cost a read of the session, as in the browser). */
  gaps = 0;
  /** Applied, yet the screen would not render the answer as told: the version did not advance, or the host's answer showed early. */
  wrong = 0;

  constructor(
    public snapshot: SessionSnapshot,
    private readonly meId: string,
    private readonly reread: () => Promise<SessionSnapshot>,
  ) {}

  /** The item the host answers: the screen's current one, as the browser pins its answers. */
  get itemId(): string {
    if (!this.snapshot.current) throw new Error(`session ${this.snapshot.session.id} has no current item`);
    return this.snapshot.current.id;
  }

  /**
   * Applies one pushed answer; `done` is called once the screen holds the state it renders for it (after the
   * read again, on a gap). Events with the viewer's own id, or older than the screen, change nothing.
   */
  receive(event: SessionAnsweredEvent, done: (outcome: Received) => void): void {
    const result = applyAnswered(this.snapshot, event, this.meId);
    if (result.outcome === 'stale') return done('stale');
    if (result.outcome === 'gap') {
      this.gaps++;
      void this.reread().then(
        (snapshot) => {
          if (snapshot.version > this.snapshot.version) this.snapshot = snapshot;
          done('reread');
        },
        () => done('wrong'),
      );
      return;
    }
    const { answers, version } = result.snapshot;
    // What the partner's board shows: the host has answered; their answer only once both have (redaction).
    const renders = version === event.version && answers.partnerAnswered && answers.bothAnswered === event.bothAnswered && (event.bothAnswered || answers.partner === null);
    this.snapshot = result.snapshot;
    if (!renders) this.wrong++;
    done(renders ? 'applied' : 'wrong');
  }
}

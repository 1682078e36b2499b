import type { SnapshotOf } from '@core/contracts/sessions';

/** Snapshots for the board tests: a session at its first item, nobody having answered yet unless told. */
type Tested = 'emoji_movie' | 'couple_quiz' | 'questions';

export const noAnswers = { mine: null, partner: null, partnerAnswered: false, bothAnswered: false };

export function snapshotOf<G extends Tested>(
  game: G,
  current: SnapshotOf<G>['current'],
  {
    answers = noAnswers,
    role = 'host',
    currentIndex = 0,
    readOnly = false,
    pace = 'live',
    guessing = false,
    guess = null,
  }: {
    answers?: SnapshotOf<Tested>['answers'];
    role?: 'host' | 'partner';
    currentIndex?: number;
    readOnly?: boolean;
    pace?: 'live' | 'own';
    guessing?: boolean;
    guess?: SnapshotOf<Tested>['guess'];
  } = {},
): SnapshotOf<G> {
  const me = { id: 'u-me', username: 'Milo' };
  const other = { id: 'u-p', username: 'Hana' };
  return {
    game,
    version: 1,
    session: { id: 's1', status: 'active', currentIndex, createdAt: '2026-11-22T10:00:00.000Z', completedAt: null, pace, guessing },
    role,
    host: role === 'host' ? me : other,
    partner: role === 'host' ? other : me,
    level: { id: 'l1', number: 1, name: 'Level one', category: { id: 'c1', name: 'Category' } },
    itemCount: 10,
    readOnly,
    current,
    answers,
    progress: pace === 'own' ? { mine: currentIndex, partner: 0 } : null,
    passed: [],
    scores: null,
    knowing: null,
    guess,
    nextLevel: null,
  } as SnapshotOf<G>;
}

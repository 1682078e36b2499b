import { type MemoriesExport, EXPORT_FORMAT, EXPORT_VERSION } from '@core/contracts/memories-export';
import { gameDefinitions } from '@core/game-definitions';
import { messages } from '@core/messages';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { getMe } from '../account/service';
import { gather } from './gather';

/** A person's whole shared history, as the export's schema (version 2) says: the same view the screens read. */
export async function exportMemories(db: Db, clock: Clock, viewerId: string): Promise<MemoriesExport> {
  const [me, { sessions, days }] = await Promise.all([getMe(db, viewerId), gather(db, viewerId)]);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: clock.now().toISOString(),
    you: { id: me.id, username: me.username },
    rule: messages.memories.rule,
    sessions: sessions.map((s) => ({
      id: s.id,
      activity: s.game,
      activityName: gameDefinitions[s.game].displayName,
      level: s.level,
      with: s.with,
      startedAt: s.at,
      completedAt: s.completedAt,
      pace: s.pace,
      guessing: s.guessing,
      items: s.items.map((i) => ({
        position: i.position,
        prompt: i.prompt,
        you: i.mine,
        partner: i.partner,
        partnerRemoved: i.partnerRemoved,
        correct: i.correct && { you: i.correct.mine, partner: i.correct.partner },
        guess: i.guess && { role: i.guess.role, you: i.guess.mine, partner: i.guess.partner, mark: i.guess.mark },
        starred: i.starred,
      })),
    })),
    days: days.map((d) => ({ day: d.day, question: d.question, with: d.with, you: d.mine, partner: d.partner, partnerRemoved: d.partnerRemoved, starred: d.starred })),
  };
}

import { Film, HelpCircle, MessageCircleHeart, Scale, type LucideIcon } from 'lucide-react';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';

/**
 * Each activity's icon, tile colour and categories page, shared so a game looks the same wherever it
 * appears (catalogue, dashboard, invitations).
 */
export const gameStyle: Record<GameType, { Icon: LucideIcon; tile: string; to: string }> = {
  questions: { Icon: MessageCircleHeart, tile: 'from-rose-500 to-pink-700', to: routes.categories('questions') },
  would_you_rather: { Icon: Scale, tile: 'from-fuchsia-600 to-purple-700', to: routes.categories('would_you_rather') },
  emoji_movie: { Icon: Film, tile: 'from-amber-500 to-orange-600', to: routes.categories('emoji_movie') },
  couple_quiz: { Icon: HelpCircle, tile: 'from-sky-600 to-indigo-700', to: routes.categories('couple_quiz') },
};

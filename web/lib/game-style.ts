import { Film, HelpCircle, type LucideIcon, MessageCircleHeart, Scale } from 'lucide-react';
import { type GameIcon, gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';

/**
 * The one place a game's icon name (core/game-definitions.ts `style.icon`) becomes a component: keyed by every name the
 * definitions use, so a new name without its component here does not compile, and only these icons are bundled.
 */
const icons: Record<GameIcon, LucideIcon> = {
  'message-circle-heart': MessageCircleHeart,
  scale: Scale,
  film: Film,
  'help-circle': HelpCircle,
};

/** A game's icon and tile colours, the same wherever it appears (catalogue, dashboard, invitations). */
export function gameStyle(game: GameType): { Icon: LucideIcon; tile: string } {
  const { icon, tile } = gameDefinitions[game].style;
  return { Icon: icons[icon], tile };
}

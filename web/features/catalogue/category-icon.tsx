import { createElement } from 'react';
import { Camera, Compass, Flame, Gift, Heart, House, type LucideIcon, MessageCircleHeart, PartyPopper, Sprout, Users, Wallet } from 'lucide-react';

/**
 * The icons content names for question categories (content/questions/*.json `icon`, kebab-case lucide names), mapped
 * by hand so only these are bundled. A name not listed here falls back to the questions' own icon.
 */
const icons: Record<string, LucideIcon> = {
  camera: Camera,
  compass: Compass,
  flame: Flame,
  gift: Gift,
  heart: Heart,
  house: House,
  'party-popper': PartyPopper,
  sprout: Sprout,
  users: Users,
  wallet: Wallet,
};

/** A category's icon (decorative: the card names the category). */
export function CategoryIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  return createElement((name && icons[name]) || MessageCircleHeart, { className, 'aria-hidden': true });
}

// Warm tiles, one after another down the grid; each keeps a white icon readable.
const tiles = ['from-rose-500 to-pink-700', 'from-amber-500 to-orange-600', 'from-fuchsia-600 to-purple-700', 'from-sky-600 to-indigo-700', 'from-emerald-500 to-teal-700'];

export const categoryTile = (index: number) => tiles[index % tiles.length];

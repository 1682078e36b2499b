import type { Pace } from '@core/contracts/common';
import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { Page, PageHeading } from '@/components/ui/page';
import { useGameRoute } from '@/lib/game-route';
import { CategoriesQuery } from './categories-query';
import type { Category } from './api/get-categories';
import { FreePlanBanner } from './free-plan-banner';
import { HubCategoryCard } from './hub-category-card';
import { GuessChoice, useGuessChoice, usePartnerName } from './guess-choice';
import { PaceChoice, usePaceChoice } from './pace-choice';

/**
 * A standalone game's hub (/questions): its categories as cards, each opening its levels
 * (docs/product/sessions-and-games.md#question-sessions). The router gives it the prefix of each game whose place is a
 * hub of its own (core/game-places.ts).
 */
export function StandaloneHubPage() {
  const { game } = useGameRoute();
  const hub = game && (gameDefinitions[game] as GameDefinitionShape).hubWords;
  if (!game || !hub) return null;
  return (
    <Page>
      <PageHeading title={hub.heading} subtitle={gameDefinitions[game].description} />
      <CategoriesQuery game={game}>{({ categories, gold, pace }) => <HubCategories game={game} hub={hub} categories={categories} gold={gold} pace={pace} />}</CategoriesQuery>
    </Page>
  );
}

type GameDefinitionShape = { hubWords?: { heading: string; categories: string; card: string; freePlan: string } };
type StandaloneHub = NonNullable<GameDefinitionShape['hubWords']>;

/** The categories under the pace choice, which each card carries to its levels. */
function HubCategories({ game, hub, categories, gold, pace: remembered }: { game: GameType; hub: StandaloneHub; categories: Category[]; gold: boolean; pace: Pace }) {
  const [pace, setPace] = usePaceChoice(remembered);
  const [guessing, setGuessing] = useGuessChoice();
  const partner = usePartnerName();
  return (
    <div className="flex flex-col gap-6">
      {!gold && <FreePlanBanner>{hub.freePlan}</FreePlanBanner>}
      <PaceChoice pace={pace} onChange={setPace} />
      {'guess' in gameDefinitions[game] && <GuessChoice guessing={guessing} onChange={setGuessing} partner={partner} />}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label={hub.categories}>
        {categories.map((category, index) => (
          <li key={category.id}>
            <HubCategoryCard game={game} category={category} index={index} gold={gold} pace={pace} guessing={guessing} />
          </li>
        ))}
      </ul>
    </div>
  );
}

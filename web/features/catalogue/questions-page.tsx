import type { Pace } from '@core/contracts/common';
import { gameDefinitions } from '@core/game-definitions';
import { Page, PageHeading } from '@/components/ui/page';
import { CategoriesQuery } from './categories-query';
import type { Category } from './api/get-categories';
import { FreePlanBanner } from './free-plan-banner';
import { PaceChoice, usePaceChoice } from './pace-choice';
import { QuestionCategoryCard } from './question-category-card';

/** /questions: the question categories as cards, each opening its levels (docs/product/sessions-and-games.md#question-sessions). */
export function QuestionsPage() {
  return (
    <Page>
      <PageHeading title="Relationship Questions" subtitle={gameDefinitions.questions.description} />
      <CategoriesQuery game="questions">{(data) => <QuestionCategories {...data} />}</CategoriesQuery>
    </Page>
  );
}

/** The categories under the pace choice, which each card carries to its levels. */
function QuestionCategories({ categories, gold, pace: remembered }: { categories: Category[]; gold: boolean; pace: Pace }) {
  const [pace, setPace] = usePaceChoice(remembered);
  return (
    <div className="flex flex-col gap-6">
      {!gold && <FreePlanBanner>The free plan opens one level of questions. Lifetime Gold opens every category, for both of you.</FreePlanBanner>}
      <PaceChoice pace={pace} onChange={setPace} />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Question categories">
        {categories.map((category, index) => (
          <li key={category.id}>
            <QuestionCategoryCard category={category} index={index} gold={gold} pace={pace} />
          </li>
        ))}
      </ul>
    </div>
  );
}

import { gameDefinitions } from '@core/game-definitions';
import { Page, PageHeading } from '@/components/ui/page';
import { CategoriesQuery } from './categories-query';
import { FreePlanBanner } from './free-plan-banner';
import { QuestionCategoryCard } from './question-category-card';

/** /questions: the question categories as cards, each opening its levels (docs/product/sessions-and-games.md#question-sessions). */
export function QuestionsPage() {
  return (
    <Page>
      <PageHeading title="Relationship Questions" subtitle={gameDefinitions.questions.description} />
      <CategoriesQuery game="questions">
        {({ categories, gold }) => (
          <div className="flex flex-col gap-6">
            {!gold && <FreePlanBanner>The free plan opens one level of questions. Lifetime Gold opens every category, for both of you.</FreePlanBanner>}
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Question categories">
              {categories.map((category, index) => (
                <li key={category.id}>
                  <QuestionCategoryCard category={category} index={index} gold={gold} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </CategoriesQuery>
    </Page>
  );
}

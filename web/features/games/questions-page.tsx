import { gameInfo } from '@core/games';
import { Page, PageHeading } from '@/components/ui/page';
import { CategoryBrowser } from './category-browser';

/** /questions: the question categories and their levels. */
export function QuestionsPage() {
  return (
    <Page>
      <PageHeading title="Relationship Questions" subtitle={gameInfo.questions.description} />
      <CategoryBrowser game="questions" />
    </Page>
  );
}

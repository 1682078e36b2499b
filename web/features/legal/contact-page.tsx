import { Page, PageHeading } from '@/components/ui/page';
import { ContactEmailCard } from './components/contact-email-card';
import { ContactFaq } from './components/contact-faq';

export function ContactPage() {
  return (
    <Page className="animate-fade-up">
      <div className="mx-auto max-w-2xl">
        <PageHeading title="Contact us" subtitle="Questions, ideas, or something not working for you two? We would love to hear from you." />
        <div className="flex flex-col gap-10">
          <ContactEmailCard />
          <ContactFaq />
        </div>
      </div>
    </Page>
  );
}

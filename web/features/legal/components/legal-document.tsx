import { ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Page } from '@/components/ui/page';
import { EFFECTIVE_DATE } from '../legal-constants';
import { LegalSectionBlock } from './legal-section-block';
import { LegalToc } from './legal-toc';
import type { LegalSection } from './legal-types';

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  /** The short version, shown in a highlighted box above the full text. */
  summary: { title: string; points: ReactNode[] };
  sections: LegalSection[];
}

/** The shared frame of the privacy policy and the terms: heading, summary, table of contents, numbered sections. */
export function LegalDocument({ title, intro, summary, sections }: LegalDocumentProps) {
  return (
    <Page className="animate-fade-up">
      <header id="top" tabIndex={-1} className="max-w-[70ch] outline-none lg:ml-[calc(16rem+3rem)]">
        <p className="text-sm font-bold uppercase tracking-widest text-brand-strong">Legal</p>
        <h1 className="mt-2 text-3xl font-extrabold text-ink sm:text-4xl">{title}</h1>
        <p className="mt-2 text-ink-muted">
          Effective <time dateTime={EFFECTIVE_DATE.iso}>{EFFECTIVE_DATE.label}</time>
        </p>
        <div className="mt-5 text-lg leading-relaxed text-ink">{intro}</div>
      </header>

      <div className="mt-8 flex flex-col gap-8 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-12">
        <LegalToc sections={sections} />
        <div className="flex max-w-[70ch] flex-col gap-8">
          <aside aria-labelledby="legal-summary-heading" className="rounded-card bg-surface-soft p-5 ring-1 ring-brand-soft sm:p-6">
            <h2 id="legal-summary-heading" className="text-lg font-bold text-ink">
              {summary.title}
            </h2>
            <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 leading-relaxed text-ink marker:text-brand">
              {summary.points.map((point, i) => (
                <li key={i}>{point}</li>
              ))}
            </ul>
          </aside>
          {sections.map((section, index) => (
            <LegalSectionBlock key={section.id} section={section} number={index + 1} />
          ))}
          <p className="border-t border-line pt-6">
            <a href="#top" className="inline-flex items-center gap-1.5 font-semibold text-brand-strong hover:underline">
              <ArrowUp className="size-4" aria-hidden />
              Back to top
            </a>
          </p>
        </div>
      </div>
    </Page>
  );
}

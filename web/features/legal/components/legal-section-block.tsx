import type { LegalSection } from './legal-types';

/** Typography for the legal text, applied to the plain HTML that the section data is written in. */
const prose = [
  'text-ink leading-relaxed',
  '[&_p]:mt-4 [&>*:first-child]:mt-0',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-ink',
  '[&_ul]:mt-4 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-5 [&_ul]:list-disc [&_ul]:marker:text-brand',
  '[&_strong]:font-semibold',
  '[&_code]:rounded [&_code]:bg-brand-soft [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.875em] [&_code]:text-brand-strong [&_code]:break-all',
  '[&_a]:font-semibold [&_a]:text-brand-strong [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand',
].join(' ');

export function LegalSectionBlock({ section, number }: { section: LegalSection; number: number }) {
  const headingId = `${section.id}-heading`;
  return (
    // tabIndex -1: the anchor scroller moves focus here, so keyboard and screen-reader users land in the section.
    <section id={section.id} aria-labelledby={headingId} tabIndex={-1} className="scroll-mt-20 border-t border-line pt-8 outline-none first:border-t-0 first:pt-0">
      <h2 id={headingId} className="flex items-baseline gap-3 text-2xl font-bold text-ink">
        <span className="text-brand-strong tabular-nums" aria-hidden>
          {number}.
        </span>
        {section.title}
      </h2>
      <div className={`mt-4 ${prose}`}>{section.body}</div>
    </section>
  );
}

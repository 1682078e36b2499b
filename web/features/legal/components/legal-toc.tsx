import type { LegalSection } from './legal-types';

/** The table of contents: '#' links that the app scrolls to smoothly, below the sticky header. */
export function LegalToc({ sections }: { sections: LegalSection[] }) {
  return (
    <nav
      aria-labelledby="legal-toc-heading"
      className="rounded-card bg-surface p-5 shadow-card ring-1 ring-line/70 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto"
    >
      <h2 id="legal-toc-heading" className="text-sm font-bold uppercase tracking-wider text-ink-muted">
        On this page
      </h2>
      <ol className="mt-3 flex flex-col gap-0.5 text-[0.95rem]">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="flex gap-2.5 rounded-control px-2 py-1.5 text-ink hover:bg-brand-soft hover:text-brand-strong">
              <span className="w-6 shrink-0 text-right font-semibold tabular-nums text-brand-strong" aria-hidden>
                {index + 1}.
              </span>
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

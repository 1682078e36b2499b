import { Link } from 'react-router';
import { routes } from '@core/routes';

const links = [
  { to: routes.privacy, label: 'Privacy' },
  { to: routes.terms, label: 'Terms' },
  { to: routes.contact, label: 'Contact' },
  { to: routes.pricing, label: 'Pricing' },
];

const YEAR = new Date().getFullYear();

export function Footer() {
  return (
    <footer className="mt-auto border-t border-line/70">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-3 px-4 py-8 text-sm text-ink-muted sm:flex-row sm:justify-between sm:px-6">
        <p>© {YEAR} Twogether · Made for two</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="font-medium hover:text-brand-strong hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

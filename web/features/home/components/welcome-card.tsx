import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { routes } from '@core/routes';

/** Home without a partner (docs/product/home-and-shell.md#home): the way to the profile, where partners link. */
export function WelcomeCard({ username }: { username: string }) {
  return (
    <Card className="relative overflow-hidden bg-gradient-to-br from-brand-soft via-surface to-gold-soft p-8 text-center animate-fade-up sm:p-10">
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-surface text-brand shadow-card">
        <UserPlus className="size-8" aria-hidden />
      </span>
      <h1 className="mt-5 text-3xl font-extrabold text-ink sm:text-4xl">Welcome, {username}!</h1>
      <p className="mx-auto mt-3 max-w-md text-ink-muted leading-relaxed">
        Twogether is made for two. Connect with your partner from your profile to share questions, play games and count your days together.
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to={routes.profile}>Go to Profile</Link>
      </Button>
    </Card>
  );
}

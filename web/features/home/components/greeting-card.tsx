import { Heart } from 'lucide-react';
import { connectedLabel } from '@core/dates';
import { initials } from '@core/names';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';

/** "Hello, {you} & {partner}", each by name, and how long they have been connected (docs/product/partners.md#days-together). */
export function GreetingCard({ username, partnerName, days }: { username: string; partnerName: string; days: number }) {
  return (
    <Card className="relative overflow-hidden bg-gradient-to-br from-brand-deep to-rose-800 p-7 text-white ring-0 animate-fade-up sm:p-10">
      <Heart className="pointer-events-none absolute -right-6 -bottom-8 size-40 rotate-12 fill-white/10 text-white/10 sm:size-52" aria-hidden />
      <div className="relative flex items-center gap-2" aria-hidden>
        <span className="grid size-11 place-items-center rounded-full bg-white font-bold text-brand-strong">{initials(username)}</span>
        <Heart className="size-5 fill-white text-white" />
        <Avatar name={partnerName} className="ring-2 ring-white" />
      </div>
      <h1 className="relative mt-5 text-3xl font-extrabold leading-tight sm:text-4xl">
        Hello, {username} &amp; {partnerName}
      </h1>
      <p className="relative mt-2 text-lg text-white">{connectedLabel(days)}</p>
    </Card>
  );
}

import { Gamepad2, MessageCircleHeart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardText, CardTitle } from '@/components/ui/card';

/** The two ways in for someone still on their own: questions and the games catalogue. */
export function ActivityCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ActivityCard to="/questions" icon={<MessageCircleHeart className="size-6" aria-hidden />} title="Questions" text="Relationship questions by theme, answered side by side." />
      <ActivityCard to="/games" icon={<Gamepad2 className="size-6" aria-hidden />} title="Couple Games" text="Would You Rather, Emoji Movie and Couple Quiz, in real time." />
    </div>
  );
}

function ActivityCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link to={to} className="group rounded-card focus-visible:outline-offset-4">
      <Card className="flex h-full items-start gap-4 transition-shadow group-hover:shadow-lift">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-soft text-brand">{icon}</span>
        <div>
          <CardTitle className="text-lg">{title}</CardTitle>
          <CardText className="mt-1 text-sm">{text}</CardText>
        </div>
      </Card>
    </Link>
  );
}

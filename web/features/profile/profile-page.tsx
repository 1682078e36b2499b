import { Crown, LogOut, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useLogout, useMe } from '@/lib/me';
import { DeleteAccountDialog } from './delete-account-dialog';
import { TimeZoneSetting } from './time-zone-setting';
import { routes } from '@core/routes';

/** The account, its plan and its deletion; the partner section comes from partner-links, composed in web/app. */
export function ProfilePage({ partnerSection }: { partnerSection: ReactNode }) {
  const me = useMe();
  const logout = useLogout();
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (!me.data) return <Spinner label="Loading your profile" />;
  const user = me.data;

  return (
    <Page width="medium" className="flex flex-col gap-6">
      <Card className="flex flex-col items-center gap-4 p-8 text-center sm:flex-row sm:text-left">
        <Avatar name={user.username} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-extrabold text-ink sm:text-3xl">{user.username || 'User'}</h1>
          <p className="truncate text-ink-muted">{user.email}</p>
          <div className="mt-2 flex justify-center gap-2 sm:justify-start">
            {user.gold ? (
              <Badge tone="gold">
                <Crown className="size-3.5" aria-hidden /> Lifetime Gold
              </Badge>
            ) : (
              <Badge tone="neutral">Free plan</Badge>
            )}
          </div>
        </div>
        <Button variant="secondary" onClick={() => logout.mutate()} loading={logout.isPending}>
          <LogOut className="size-4" aria-hidden /> Log out
        </Button>
      </Card>

      {partnerSection}

      <TimeZoneSetting timeZone={user.timeZone} />

      {!user.gold && (
        <Card className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <div className="flex-1">
            <CardTitle className="text-lg">Unlock every level</CardTitle>
            <CardText className="text-sm">Lifetime Gold opens all games and question categories for both of you, once and for good.</CardText>
          </div>
          <Button asChild variant="gold">
            <Link to={routes.pricing}>See plans</Link>
          </Button>
        </Card>
      )}

      <Card className="ring-danger/20">
        <CardTitle className="text-lg">Delete account</CardTitle>
        <CardText className="mt-1 text-sm">Removes your account and everything in it, and unlinks your partner. This cannot be undone.</CardText>
        <Button variant="secondary" className="mt-4 text-danger" onClick={() => setConfirmDelete(true)}>
          <Trash2 className="size-4" aria-hidden /> Delete account
        </Button>
      </Card>
      <DeleteAccountDialog open={confirmDelete} onOpenChange={setConfirmDelete} />
    </Page>
  );
}

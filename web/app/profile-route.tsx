import { NotificationsSection } from '@/features/notifications/notifications-section';
import { PartnerPanel } from '@/features/partner-links/partner-panel';
import { ProfilePage } from '@/features/profile/profile-page';
import { useMe } from '@/lib/me';

/** /profile: the account page with the partner link and notifications sections, features side by side. */
export function ProfileRoute() {
  const me = useMe();
  return (
    <ProfilePage
      partnerSection={
        <>
          <PartnerPanel />
          {me.data && <NotificationsSection email={me.data.email} emailVerified={me.data.emailVerified} />}
        </>
      }
    />
  );
}

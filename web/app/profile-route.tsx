import { NotificationsSection } from '@/features/notifications/notifications-section';
import { PartnerPanel } from '@/features/partner-links/partner-panel';
import { ProfilePage } from '@/features/profile/profile-page';

/** /profile: the account page with the partner link and notifications sections, features side by side. */
export function ProfileRoute() {
  return (
    <ProfilePage
      partnerSection={
        <>
          <PartnerPanel />
          <NotificationsSection />
        </>
      }
    />
  );
}

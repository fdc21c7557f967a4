import { NoticeCard } from '../../components/NoticeCard';
import { siteConfig } from '../../config/site';
import { useHydrating } from '../../hooks/use-hydrating';
import { useProfile } from './api/profile';
import { useSiteNotice } from './api/site-notice';

/**
 * The home page's notice: the admin's (GET /api/site/notice) when one is set, else the site
 * config's. The config's (or this browser's last seen) text is drawn at once rather than a
 * placeholder, so the page neither shifts nor waits; a failed request keeps it.
 */
export function NoticeAlert() {
  const { data } = useSiteNotice();
  // The pre-rendered page has the config's text: hydration draws it too, then the notice.
  const hydrating = useHydrating();
  // `{email}` is the profile's address, drawn as the profile is (useProfile).
  const { contact_email } = useProfile().profile;
  return <NoticeCard notice={(!hydrating && data) || siteConfig.notice} email={contact_email} />;
}

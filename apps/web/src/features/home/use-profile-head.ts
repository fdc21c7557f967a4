import { homeHead } from '@site/contract/page-meta';
import type { Profile } from '@site/contract/profile-defaults';
import { useEffect } from 'react';
import { setSiteName } from '../../lib/page-title';

/**
 * Keeps the tab's title and description in step with the profile once its answer is in. The
 * server writes the head of `/` from the stored profile (docs/api.md#pages), but the page table
 * the web app keeps the title with on a change of route has the first start's defaults, and an
 * edit in /admin shows here at once. Queued after the commit: app/use-page-meta.ts, in a parent,
 * writes the table's title in the same commit's effects, which run after this one's.
 */
export function useProfileHead(profile: Profile, loaded: boolean) {
  const { name, title } = profile;
  useEffect(() => {
    if (!loaded) return;
    let live = true;
    queueMicrotask(() => {
      if (!live) return;
      const head = homeHead({ name, title });
      document.title = head.title;
      setSiteName(name);
      document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    });
    return () => {
      live = false;
    };
  }, [name, title, loaded]);
}

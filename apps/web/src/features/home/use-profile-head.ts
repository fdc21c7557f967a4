import type { Profile } from '@site/contract/profile-defaults';
import { useEffect } from 'react';

/** The home page's title and description from the owner's profile, as page-meta.ts words them from the defaults. */
export function profileHead(profile: Pick<Profile, 'name' | 'title'>) {
  const title = profile.title ? `${profile.name} · ${profile.title}` : profile.name;
  const who = profile.title ? `${profile.name}, ${profile.title.toLowerCase()}` : profile.name;
  return { title, description: `${who}: portfolio and small apps (weather, Sudoku, to-do, finance).` };
}

/**
 * Keeps the tab's title and description in step with the profile once its answer is in. The
 * server writes the head of the page it sends from the defaults (docs/api.md#pages), so a profile
 * edited in /admin shows here first. Queued after the commit: app/use-page-meta.ts, in a parent,
 * writes the table's title in the same commit's effects, which run after this one's.
 */
export function useProfileHead(profile: Profile, loaded: boolean) {
  const { name, title } = profile;
  useEffect(() => {
    if (!loaded) return;
    let live = true;
    queueMicrotask(() => {
      if (!live) return;
      const head = profileHead({ name, title });
      document.title = head.title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    });
    return () => {
      live = false;
    };
  }, [name, title, loaded]);
}

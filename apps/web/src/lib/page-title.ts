import { documentTitle, type PageMeta } from '@site/contract/page-meta';

const SITE_NAME_TAG = 'meta[property="og:site_name"]';

/**
 * The tab title of a page the app shows after the first: "Title · Owner". The owner's name is the
 * one the server wrote into the page it sent (og:site_name, from the stored profile), not the
 * build's default, so a renamed owner stays renamed across in-app navigation (docs/api.md#pages).
 */
export function setPageTitle(title: string, meta?: PageMeta): void {
  const siteName = document.querySelector(SITE_NAME_TAG)?.getAttribute('content') || undefined;
  document.title = documentTitle(title, meta, siteName);
}

/** After the profile changes in this page (an edit in /admin): later titles carry the new name. */
export function setSiteName(name: string): void {
  document.querySelector(SITE_NAME_TAG)?.setAttribute('content', name);
}

// Project tags and slugs as plain functions, free of zod: the web app's portfolio page filters by
// tag with these, and the server stores what they give (docs/api.md#portfolio).

export const PORTFOLIO_TAG_MAX = 40;
export const PORTFOLIO_TAGS_MAX = 20;
export const PORTFOLIO_SLUG_MAX = 80;
/** Lower-case words of letters and digits joined by single hyphens: `route-planner-2`. */
export const PORTFOLIO_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The key two spellings of one tag share ('React', ' react '): the filter's `?tag=` value. */
export const tagKey = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Tags in their first order and spelling, each once (by `tagKey`), without empty ones:
 * "React, Fastify, , GeoNames, React" → React, Fastify, GeoNames.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tagKey(tag);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** The seed's comma-separated technology field as tags. */
export const tagsFromTechnology = (technology: string) => normalizeTags(technology.split(','));

/** Tags as the seed's comma field. */
export const technologyFromTags = (tags: readonly string[]) => tags.join(', ');

/** A slug from a title: 'Café & Route Planner!' → 'cafe-route-planner' ('project' when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PORTFOLIO_SLUG_MAX - 4)
    .replace(/-+$/, '');
  return slug || 'project';
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeText } from '../../../components/NoticeCard';
import { callEndpoint } from '../../../lib/api-client';

/** Where the last notice the server gave is kept, so a returning visitor's first paint already shows it. */
const STORAGE_KEY = 'siteNotice';

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The copy this browser kept of the last notice (`{ notice }`, as `siteNoticeQuery` stores it),
 * checked by hand like the answer itself (lib/plain-answers.ts): the home page stays free of zod
 * (e2e/src/bundle-budget.e2e.test.ts). `null` means the site config's notice.
 */
function parseStoredNotice(data: unknown): NoticeText | null {
  if (typeof data !== 'object' || data === null || !('notice' in data)) throw new Error('Not a notice answer');
  const { notice } = data as { notice: unknown };
  if (notice === null) return null;
  const { title, paragraphs } = (notice ?? {}) as { title?: unknown; paragraphs?: unknown };
  if (!isText(title) || !Array.isArray(paragraphs) || !paragraphs.every(isText)) {
    throw new Error('Not a notice answer');
  }
  return { title, paragraphs };
}

function readStored(): NoticeText | null | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === null ? undefined : parseStoredNotice(JSON.parse(stored));
  } catch {
    return undefined;
  }
}

export const siteNoticeQuery = () =>
  queryOptions({
    queryKey: ['site', 'notice'] as const,
    queryFn: async ({ signal }) => {
      // A malformed answer is an error (and the config's text stays).
      const answer = await callEndpoint('site.notice', { signal });
      const notice: NoticeText | null = answer.notice && {
        title: answer.notice.title,
        paragraphs: answer.notice.paragraphs,
      };
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ notice }));
      return notice;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * The admin's notice (null: the config's). Until the answer arrives it is the one this browser saw
 * last time (undefined on a first visit): the home page then draws the config's text, which is
 * what almost every first visit gets anyway, so nothing jumps while the request runs.
 */
export function useSiteNotice() {
  return useQuery({ ...siteNoticeQuery(), placeholderData: readStored });
}

import { defaultProfile, type Profile, type ProfileFields } from '@site/contract/profile-defaults';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHydrating } from '../../../hooks/use-hydrating';
import { callEndpoint } from '../../../lib/api-client';

/** Where the last profile the server gave is kept, so a returning visitor's first paint already shows it. */
const STORAGE_KEY = 'siteProfile';

const isText = (value: unknown): value is string => typeof value === 'string';
const isList = (value: unknown, item: (entry: unknown) => boolean) => Array.isArray(value) && value.every(item);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isAvatar = (value: unknown) =>
  isRecord(value) &&
  isText(value.url) &&
  isText(value.srcset) &&
  typeof value.width === 'number' &&
  typeof value.height === 'number';

/**
 * The copy this browser kept, checked by hand like the notice's (site-notice.ts): the home page
 * stays free of zod (e2e/src/bundle-budget.e2e.test.ts). Anything else is no copy.
 */
export function parseStoredProfile(data: unknown): Profile | undefined {
  if (!isRecord(data)) return undefined;
  const texts = ['name', 'title', 'tagline', 'about', 'location', 'availability', 'contact_email'] as const;
  if (!texts.every((key) => isText(data[key])) || !(data.name as string)) return undefined;
  const ok =
    isList(data.skills, (g) => isRecord(g) && isText(g.group) && isList(g.items, isText)) &&
    isList(data.interests, isText) &&
    isList(data.personality, (b) => isRecord(b) && isText(b.title) && isText(b.text)) &&
    isList(data.links, (l) => isRecord(l) && isText(l.label) && isText(l.url)) &&
    (data.resume === null || (isRecord(data.resume) && isText(data.resume.url) && isText(data.resume.uploaded_at))) &&
    // A copy kept before the profile had a photo has no `avatar`: it reads as none.
    (data.avatar === undefined || data.avatar === null || isAvatar(data.avatar));
  return ok ? ({ ...data, avatar: data.avatar ?? null } as unknown as Profile) : undefined;
}

function readStored(): Profile | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === null ? undefined : parseStoredProfile(JSON.parse(stored));
  } catch {
    return undefined;
  }
}

function remember(profile: Profile) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(profile));
  } catch {
    // Storage full or refused: the next visit starts from the defaults, nothing more.
  }
}

export const profileQuery = () =>
  queryOptions({
    queryKey: ['site', 'profile'] as const,
    queryFn: async ({ signal }): Promise<Profile> => {
      const profile = await callEndpoint('profile.get', { signal });
      remember(profile);
      return profile;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * The owner's profile (docs/api.md#profile), for the home page and the frame around every page
 * (hero, footer, brand). Until the answer arrives it is the one this browser saw last, or the
 * contract's defaults. While a page hydrates it is what that HTML holds, so hydration matches
 * (React #418): the answer the server drew the home page with (docs/decisions.md#pages-rendered-with-their-data,
 * in the cache from the page's data before the first render), else the defaults the pre-rendered
 * page holds, never this browser's copy, as the notice does (NoticeAlert).
 */
export function useProfile(): { profile: Profile; loaded: boolean; isError: boolean } {
  const query = useQuery({ ...profileQuery(), placeholderData: readStored });
  const hydrating = useHydrating();
  // A placeholder is this browser's copy, which no HTML holds.
  const shown = hydrating && query.isPlaceholderData ? undefined : query.data;
  return {
    profile: shown ?? defaultProfile,
    loaded: !hydrating && query.isSuccess && !query.isPlaceholderData,
    isError: query.isError,
  };
}

/**
 * Keeps the profile the home page shows as this browser's copy once it is the server's: the
 * answer a page was drawn with (docs/decisions.md#pages-rendered-with-their-data) is not asked
 * again here, so `queryFn` never keeps it, and the next page drawn without it starts from it.
 */
export function useKeepProfile(profile: Profile, loaded: boolean) {
  useEffect(() => {
    if (loaded) remember(profile);
  }, [profile, loaded]);
}

/** The admin's edits: the answer is the new profile, which the home page shows at once. */
function useProfileMutation<T>(mutationFn: (input: T) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      remember(profile);
      queryClient.setQueryData(profileQuery().queryKey, profile);
    },
  });
}

export const useUpdateProfile = () =>
  useProfileMutation((fields: ProfileFields) => callEndpoint('profile.update', { body: fields }));

export const useUploadResume = () =>
  useProfileMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return callEndpoint('profile.uploadResume', { body: form });
  });

export const useUploadAvatar = () =>
  useProfileMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return callEndpoint('profile.uploadAvatar', { body: form });
  });

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint('profile.removeAvatar'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}

export function useRemoveResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint('profile.removeResume'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}

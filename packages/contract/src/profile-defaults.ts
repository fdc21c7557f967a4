/**
 * The owner's profile as a fresh install starts it (docs/api.md#profile): the server stores it on
 * first start, and the web app draws it before the profile's answer arrives (pre-rendering and
 * offline), so the site always shows a name. Plain data, no zod: the home page's first JavaScript
 * imports this module (`@site/contract/profile-defaults`).
 */
import { siteOwner } from './page-meta.js';

export interface ProfileSkillGroup {
  group: string;
  items: string[];
}

export interface ProfileBlurb {
  title: string;
  text: string;
}

export interface ProfileLink {
  label: string;
  url: string;
}

/** What the admin edits (PUT /api/admin/profile). */
export interface ProfileFields {
  name: string;
  title: string;
  tagline: string;
  /** Markdown source; the web app renders it to sanitised HTML. */
  about: string;
  skills: ProfileSkillGroup[];
  interests: string[];
  personality: ProfileBlurb[];
  location: string;
  availability: string;
  contact_email: string;
  links: ProfileLink[];
}

export interface ProfileResume {
  file_name: string;
  size: number;
  uploaded_at: string;
  /** Where the file is served, with its version so a new upload is a new address. */
  url: string;
}

/**
 * The owner's photo, cropped square (docs/api.md#profile): `url` is the largest stored size,
 * `srcset` every size ("url 96w, url 192w, …"); each address names its version, so it is cached for good.
 */
export interface ProfileAvatar {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

/** GET /api/profile. */
export interface Profile extends ProfileFields {
  /** When the admin last saved it; null while it is the defaults. */
  updated_at: string | null;
  resume: ProfileResume | null;
  avatar: ProfileAvatar | null;
}

/** Where the résumé is served (outside /api, so the link reads well). */
export const RESUME_PATH = '/resume.pdf';

/** Where the avatar is served (`?w=<width>&v=<version>`). */
export const AVATAR_PATH = '/api/profile/avatar';

export const defaultProfileFields: ProfileFields = {
  name: siteOwner.name,
  title: siteOwner.jobTitle,
  tagline: 'I build fast, accessible web apps, from the database schema to the last pixel.',
  about:
    'I am a full-stack developer who likes small, well-tested pieces that add up to **fast, accessible** products.\n\n' +
    'Every app on this site is one I built end to end: the schema, the API, the interface and the tests.',
  skills: [
    { group: 'Languages', items: ['TypeScript', 'Python', 'SQL'] },
    { group: 'Front end', items: ['React', 'Accessibility'] },
    { group: 'Back end', items: ['Node.js', 'Fastify', 'Django', 'REST API design'] },
    { group: 'Data', items: ['PostgreSQL', 'Redis'] },
    { group: 'Practice', items: ['Testing', 'CI/CD', 'Linux'] },
  ],
  interests: [
    'Developer tooling and fast feedback loops',
    'Data visualisation and financial dashboards',
    'Web performance and accessibility',
    'Clean, testable architecture',
    'Teaching and mentoring junior developers',
  ],
  personality: [
    {
      title: 'Curious builder',
      text: 'I learn by making things: every app on this site started as a question I wanted to answer.',
    },
    {
      title: 'Calm problem solver',
      text: 'Production incident or tricky puzzle, I like to slow down, measure, and fix the root cause.',
    },
    {
      title: 'Team player',
      text: 'I write code for the next person who reads it, and I enjoy reviews, pairing and sharing what I learn.',
    },
  ],
  location: '',
  availability: '',
  contact_email: 'hello@example.com',
  links: [],
};

export const defaultProfile: Profile = { ...defaultProfileFields, updated_at: null, resume: null, avatar: null };

/** A link that names a Mastodon (or other fediverse) account: `https://host/@name`. */
export const isFediverseLink = (link: ProfileLink) =>
  /mastodon/i.test(link.label) || /^https?:\/\/[^/]+\/@[^/]+\/?$/i.test(link.url);

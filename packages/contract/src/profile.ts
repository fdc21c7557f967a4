import { z } from 'zod';
import { successSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';

export * from './profile-defaults.js';

/** Limits of the owner's profile (docs/api.md#profile). */
export const PROFILE_LIMITS = {
  name: 80,
  title: 120,
  tagline: 300,
  about: 10_000,
  skillGroups: 12,
  skillGroup: 60,
  skillsPerGroup: 40,
  skill: 60,
  interests: 20,
  interest: 200,
  personality: 6,
  blurbTitle: 80,
  blurbText: 400,
  location: 120,
  availability: 200,
  email: 254,
  links: 12,
  linkLabel: 40,
  url: 500,
} as const;

export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_FILE_NAME_MAX = 120;

/** The avatar upload's limit, and the square sizes stored (an image is never enlarged). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_WIDTHS = [96, 192, 384] as const;

const L = PROFILE_LIMITS;

const webAddress = z
  .string({ error: 'The address must be text' })
  .trim()
  .min(1, 'Write the link’s address')
  .max(L.url, `An address has at most ${L.url} characters`)
  // Only web addresses: a `javascript:` or `data:` link would run or show anything on the home page.
  .refine((url) => {
    try {
      const { protocol } = new URL(url);
      return protocol === 'https:' || protocol === 'http:';
    } catch {
      return false;
    }
  }, 'A link must be a full http:// or https:// address');

const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item, { error: `${what} must be a list` }).max(max, `At most ${max} ${what.toLowerCase()}`);

/** What PUT /api/admin/profile takes: the whole profile (docs/api.md#profile). */
export const profileFieldsSchema = z.object({
  name: userText({ label: 'Name', max: L.name, required: true }),
  title: userText({ label: 'Title', max: L.title }).default(''),
  tagline: userText({ label: 'Tagline', max: L.tagline }).default(''),
  about: userText({ label: 'About', max: L.about, multiline: true }).default(''),
  skills: list(
    z.object({
      group: userText({ label: 'Skill group', max: L.skillGroup, required: true }),
      items: list(userText({ label: 'Skill', max: L.skill, required: true }), L.skillsPerGroup, 'Skills'),
    }),
    L.skillGroups,
    'Skill groups',
  ).default([]),
  interests: list(userText({ label: 'Interest', max: L.interest, required: true }), L.interests, 'Interests').default(
    [],
  ),
  personality: list(
    z.object({
      title: userText({ label: 'Blurb title', max: L.blurbTitle, required: true }),
      text: userText({ label: 'Blurb text', max: L.blurbText, required: true }),
    }),
    L.personality,
    'Blurbs',
  ).default([]),
  location: userText({ label: 'Location', max: L.location }).default(''),
  availability: userText({ label: 'Availability', max: L.availability }).default(''),
  contact_email: z
    .union([z.literal(''), z.email({ error: 'Contact e-mail must be an e-mail address' }).max(L.email)], {
      error: 'Contact e-mail must be an e-mail address',
    })
    .default(''),
  links: list(
    z.object({ label: userText({ label: 'Link label', max: L.linkLabel, required: true }), url: webAddress }),
    L.links,
    'Links',
  ).default([]),
});
export type ProfileInput = z.input<typeof profileFieldsSchema>;

export const profileResumeSchema = z.object({
  file_name: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
  url: z.string(),
});

export const profileAvatarSchema = z.object({
  url: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** One stored size of the avatar; `v` names the version the profile linked to. */
export const profileAvatarQuerySchema = z.object({
  w: z
    .string()
    .regex(/^\d{1,4}$/, 'w must be a width in pixels')
    .transform(Number)
    .optional(),
  v: z.string().max(64).optional(),
});

export const profileResponseSchema = z.object({
  name: z.string(),
  title: z.string(),
  tagline: z.string(),
  about: z.string(),
  skills: z.array(z.object({ group: z.string(), items: z.array(z.string()) })),
  interests: z.array(z.string()),
  personality: z.array(z.object({ title: z.string(), text: z.string() })),
  location: z.string(),
  availability: z.string(),
  contact_email: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  updated_at: z.string().nullable(),
  resume: profileResumeSchema.nullable(),
  avatar: profileAvatarSchema.nullable(),
});

const resumeNote = `multipart/form-data with one file part "file": a PDF (checked by its content) of at most ${
  RESUME_MAX_BYTES / 1024 / 1024
} MB; its name is the download's name.`;

const avatarNote = `multipart/form-data with one file part "file": a PNG, JPEG, WebP or GIF (checked by its content) of at most ${
  AVATAR_MAX_BYTES / 1024 / 1024
} MB and 40 megapixels; cropped square around its most interesting part and stored as WebP at ${AVATAR_WIDTHS.join(', ')} px.`;

/** docs/api.md#profile: the owner's profile, public to read, the admin's to edit; the résumé file. */
export const profileEndpoints = {
  get: endpoint(routes.profile.get, {
    tags: ['profile'],
    summary: 'The site owner’s profile, and whether a résumé is uploaded',
    response: profileResponseSchema,
  }),
  update: endpoint(routes.profile.update, {
    tags: ['profile'],
    summary: 'Replace the owner’s profile (admin)',
    body: profileFieldsSchema,
    response: profileResponseSchema,
    errors: [400, 401, 403],
  }),
  uploadResume: endpoint(routes.profile.uploadResume, {
    tags: ['profile'],
    summary: 'Upload the résumé PDF, replacing the last one (admin)',
    description: resumeNote,
    consumes: ['multipart/form-data'],
    response: profileResponseSchema,
    errors: [400, 401, 403, 413, 415],
  }),
  removeResume: endpoint(routes.profile.removeResume, {
    tags: ['profile'],
    summary: 'Remove the résumé (admin)',
    response: successSchema,
    errors: [401, 403, 404],
  }),
  uploadAvatar: endpoint(routes.profile.uploadAvatar, {
    tags: ['profile'],
    summary: 'Upload the owner’s photo, replacing the last one (admin)',
    description: avatarNote,
    consumes: ['multipart/form-data'],
    response: profileResponseSchema,
    errors: [400, 401, 403, 413, 415],
  }),
  removeAvatar: endpoint(routes.profile.removeAvatar, {
    tags: ['profile'],
    summary: 'Remove the owner’s photo (admin)',
    response: successSchema,
    errors: [401, 403, 404],
  }),
  /** Answers the WebP file, not JSON. */
  avatar: endpoint(routes.profile.avatar, {
    tags: ['profile'],
    summary: 'One size of the owner’s photo (width w, the largest without), cached for good at its versioned URL',
    query: profileAvatarQuerySchema,
    errors: [400, 404],
  }),
};

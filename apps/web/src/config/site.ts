import { defaultProfileFields } from '@site/contract/profile-defaults';

/**
 * What the site says that is not the owner's profile: the home page's default notice and tech
 * stack, and where the portfolio is. The profile (name, title, tagline, about, skills, e-mail,
 * links, résumé) is edited in /admin and read from GET /api/profile (`useProfile`,
 * features/home/api/profile.ts), which the home page and the shell (hero, brand, footer) draw;
 * its first start's values are packages/contract/src/profile-defaults.ts. `{email}` in a notice
 * paragraph becomes a mailto link to the profile's address.
 */
export const siteConfig = {
  // The first start's owner, for what is written once at build time (the web app manifest,
  // pwa.config.ts) and the notice editor's hint; a page draws the profile instead.
  owner: {
    name: defaultProfileFields.name,
    title: defaultProfileFields.title,
    tagline: defaultProfileFields.tagline,
  },
  contactEmail: defaultProfileFields.contact_email,
  notice: {
    title: 'This site is under construction',
    paragraphs: [
      'Thanks for stopping by! The site is still being built and is meant for desktop or tablet browsers.',
      'The live-data backend is offline for cost reasons, so the apps run on built-in demo data: weather, market prices and address suggestions are simulated.',
      'E-mail me at {email} if you would like a live demo.',
    ],
  },
  techStack: [
    { layer: 'Front end', description: 'React 19 with Mantine' },
    { layer: 'Back end', description: 'Fastify with TypeScript' },
    { layer: 'Database', description: 'SQLite or PostgreSQL' },
    { layer: 'Cache', description: 'Redis' },
  ],
  portfolioUrl: '/portfolio',
} as const;

export type SiteConfig = typeof siteConfig;

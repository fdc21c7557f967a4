import { defaultProfileFields } from '@site/contract/profile-defaults';

/**
 * What the site says that is not the owner's profile: the home page's default notice and tech
 * stack, and where the portfolio is. The profile (name, about, skills, links, résumé) is edited in
 * /admin and read from GET /api/profile; its first start's values, which the pre-rendered pages and
 * the shell show, are packages/contract/src/profile-defaults.ts. `{email}` in a notice paragraph
 * becomes a mailto link.
 */
export const siteConfig = {
  // The profile's defaults, for the shell (hero, footer) that draws them before any answer.
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

import { siteOwner } from '@site/contract/page-meta';

/**
 * Everything the home page says about the owner, in one place, so the site can be re-used by
 * editing this object alone. `{email}` in a notice paragraph becomes a mailto link.
 */
export const siteConfig = {
  // Name and title are shared with the server's page tags (packages/contract/src/page-meta.ts).
  owner: {
    name: siteOwner.name,
    title: siteOwner.jobTitle,
    tagline: 'I build fast, accessible web apps, from the database schema to the last pixel.',
  },
  contactEmail: 'hello@example.com',
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
  lastUpdated: 'January 2025',
  skills: [
    'TypeScript',
    'React',
    'Node.js',
    'Fastify',
    'Python',
    'Django',
    'SQL',
    'PostgreSQL',
    'Redis',
    'REST API design',
    'Testing',
    'CI/CD',
    'Linux',
    'Accessibility',
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
  resumeUrl: '/resume.pdf',
  resumeFileName: 'Alex-Morgan-Resume.pdf',
  portfolioUrl: '/portfolio',
} as const;

export type SiteConfig = typeof siteConfig;

import type { PortfolioProject, PortfolioProjectPage } from '@site/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { PortfolioPage } from './PortfolioPage';
import { ProjectPage } from './ProjectPage';
import { formatPeriod } from './project-period';

const project = (
  id: number,
  title: string,
  tags: string[],
  extra: Partial<PortfolioProject> = {},
): PortfolioProject => ({
  id,
  title,
  description: '',
  image: null,
  technology: tags.join(', '),
  backend_features: '',
  frontend_features: '',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  summary: `${title} in a line`,
  body: '',
  role: '',
  period_start: '',
  period_end: '',
  ongoing: false,
  links: { source: '', demo: '', writeup: '' },
  featured: false,
  status: 'published',
  position: id,
  tags,
  images: [],
  ...extra,
});

/** Where the router is: the tests read the address the pages leave. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}
const app = (
  <>
    <Routes>
      <Route path="/portfolio" element={<PortfolioPage />} />
      <Route path="/portfolio/:slug" element={<ProjectPage />} />
    </Routes>
    <Address />
  </>
);
const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('ProjectPage', () => {
  const page: PortfolioProjectPage = {
    ...project(4, 'Tide clock', ['React', 'Maps'], {
      role: 'Sole developer',
      period_start: '2024-03',
      ongoing: true,
      featured: true,
      links: { source: 'https://github.com/x/tide', demo: '/apps/forecast', writeup: '' },
      body: '**Why**',
      backend_features: 'Tide tables cached per port',
    }),
    body_html: '<p><strong>Why</strong> it <a href="https://example.com" rel="noopener noreferrer">matters</a></p>',
  };

  it('shows title, summary, role, period, links, the server’s HTML body, the features and tags that filter the list', async () => {
    mockFetch({ 'GET /api/portfolio/projects/tide-clock': { body: page } });
    renderWithProviders(app, { route: '/portfolio/tide-clock' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tide clock' })).toBeInTheDocument();
    expect(screen.getByText('Tide clock in a line')).toBeInTheDocument();
    expect(screen.getByText('Sole developer')).toBeInTheDocument();
    expect(screen.getByText('Mar 2024 – ongoing')).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Source' })).toHaveAttribute('href', 'https://github.com/x/tide');
    expect(screen.getByRole('link', { name: 'Source' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Live demo' })).toHaveAttribute('href', '/apps/forecast');
    // One of this site's apps opens here: a play icon, not the new-tab arrow.
    const demoIcon = screen.getByRole('link', { name: 'Live demo' }).querySelector('svg');
    expect(demoIcon).toHaveClass('tabler-icon-player-play');
    expect(screen.queryByRole('link', { name: 'Write-up' })).not.toBeInTheDocument();
    expect(screen.getByText('Why').tagName).toBe('STRONG');
    // The seed's feature fields, as the card shows them; an empty one is left out.
    const backEnd = screen.getByRole('region', { name: 'Backend features' });
    expect(within(backEnd).getByText('Tide tables cached per port')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Frontend features' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Tide clock · /);
    const tags = screen.getByRole('group', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: 'React' })).toHaveAttribute('href', '/portfolio?tag=react');
  });

  it('shows the cover and the gallery as pictures in AVIF and WebP, sized for the page, with their space kept', async () => {
    const image = (id: number, alt: string, caption: string) => ({
      id,
      alt,
      caption,
      focal_x: 0.25,
      focal_y: 0.75,
      width: 1000,
      height: 600,
      placeholder: 'data:image/webp;base64,UklGR',
      sources: {
        avif: `/api/portfolio/4/images/${id}?f=avif&w=480&v=a 480w, /api/portfolio/4/images/${id}?f=avif&w=1000&v=a 1000w`,
        webp: `/api/portfolio/4/images/${id}?f=webp&w=480&v=a 480w, /api/portfolio/4/images/${id}?f=webp&w=1000&v=a 1000w`,
      },
      src: `/api/portfolio/4/images/${id}?f=webp&w=1000&v=a`,
    });
    mockFetch({
      'GET /api/portfolio/projects/tide-clock': {
        body: { ...page, images: [image(1, 'The clock', ''), image(2, 'A week of tides', 'Seven days')] },
      },
    });
    renderWithProviders(app, { route: '/portfolio/tide-clock' });
    const cover = await screen.findByRole('img', { name: 'The clock' });
    const second = screen.getByRole('img', { name: 'A week of tides' });
    for (const img of [cover, second]) {
      expect(img).toHaveAttribute('width', '1000');
      expect(img).toHaveAttribute('height', '600');
      expect(img).toHaveAttribute('decoding', 'async');
      expect(img.style.objectPosition).toBe('25% 75%');
      const sources = img.parentElement?.querySelectorAll('source') ?? [];
      expect([...sources].map((s) => [s.type, s.getAttribute('sizes')])).toEqual([
        ['image/avif', '(min-width: 852px) 820px, calc(100vw - 32px)'],
        ['image/webp', '(min-width: 852px) 820px, calc(100vw - 32px)'],
      ]);
      // The blurred preview until the file has loaded.
      expect(img.style.backgroundImage).toContain('data:image/webp;base64,UklGR');
    }
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Seven days').tagName).toBe('FIGCAPTION');
  });

  it('shows the 404 page for an unknown slug', async () => {
    mockFetch({ 'GET /api/portfolio/projects/nope': apiError(404, 'Project not found') });
    renderWithProviders(app, { route: '/portfolio/nope' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('moves a former slug’s address to the current one', async () => {
    mockFetch({ 'GET /api/portfolio/projects/old-tide': { body: page } });
    renderWithProviders(app, { route: '/portfolio/old-tide' });
    await waitFor(() => expect(address()).toBe('/portfolio/tide-clock'));
  });

  it('says the period in words', () => {
    expect(formatPeriod({ period_start: '', period_end: '', ongoing: false })).toBe('');
    expect(formatPeriod({ period_start: '2023-01', period_end: '2023-06', ongoing: false })).toBe(
      'Jan 2023 – Jun 2023',
    );
    expect(formatPeriod({ period_start: '2023-01', period_end: '', ongoing: false })).toBe('Jan 2023');
  });
});

describe('the portfolio’s tag filter', () => {
  const list = [project(1, 'Alpha', ['React', 'Go']), project(2, 'Beta', ['Go']), project(3, 'Gamma', ['Rust'])];

  it('filters by the tag in the address, and a tag chip changes the address', async () => {
    mockFetch({ 'GET /api/portfolio': { body: list } });
    const { user } = renderWithProviders(app, { route: '/portfolio?tag=go' });
    expect(await screen.findByRole('article', { name: 'Alpha' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Beta' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Gamma' })).not.toBeInTheDocument();
    const filter = screen.getByRole('group', { name: 'Filter by tag' });
    await user.click(within(filter).getByText('Rust'));
    await waitFor(() => expect(address()).toBe('/portfolio?tag=rust'));
    expect(screen.getByRole('article', { name: 'Gamma' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Alpha' })).not.toBeInTheDocument();
    await user.click(within(filter).getByText('All'));
    await waitFor(() => expect(address()).toBe('/portfolio'));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('links each card to its project page', async () => {
    mockFetch({ 'GET /api/portfolio': { body: list } });
    renderWithProviders(app, { route: '/portfolio' });
    const card = await screen.findByRole('article', { name: 'Beta' });
    expect(within(card).getByRole('link', { name: 'Beta' })).toHaveAttribute('href', '/portfolio/beta');
  });

  it('lets the admin reorder with the keyboard-reachable buttons and saves the whole order', async () => {
    setCookie('csrftoken', 'x');
    let sent: unknown;
    mockFetch({
      'GET /api/me': { body: { user_id: 1, username: 'admin', email: 'a@example.com', is_admin: true } },
      'GET /api/portfolio': { body: list },
      'PUT /api/portfolio/order': (init) => {
        sent = JSON.parse(String(init?.body));
        return { body: list };
      },
    });
    const { user } = renderWithProviders(app, { route: '/portfolio' });
    // The admin's list (with drafts) is asked for once the session says admin.
    await screen.findByRole('button', { name: 'Edit Gamma' });
    await user.click(await screen.findByRole('button', { name: 'Manage Projects' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reorder Projects' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reorder Projects' });
    await user.click(within(dialog).getByRole('button', { name: 'Move Gamma up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(sent).toEqual({ ids: [1, 3, 2] }));
  });
});

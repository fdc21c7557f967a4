import { siteOwner } from '@site/contract/page-meta';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './routes';

const health = { status: 'ok', database: 'sqlite', dataMode: 'demo' };
const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

describe('the page title and description follow the route', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/me': apiError(401, 'Not signed in'), 'GET /api/health': { body: health } });
    document.head.innerHTML = '<title>Before</title><meta name="description" content="before" />';
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('sets them on the first page when the server did not, and on each route change', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/apps/todo' });
    expect(document.title).toBe(`To-Do List · ${siteOwner.name}`);
    expect(description()).toMatch(/^A to-do list/);

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Home' }));
    expect(document.title).toBe(`${siteOwner.name} · ${siteOwner.jobTitle}`);
    expect(description()).toContain(siteOwner.name);
  });

  it('keeps the head the server wrote for the first page until the route changes', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="canonical" href="https://me.example.com/apps/finance/stock/AAPL" />',
    );
    document.title = 'Apple Inc. (AAPL) · $190.00';
    const { user } = renderWithProviders(<AppRoutes />, { route: '/apps/finance/stock/AAPL' });
    expect(document.title).toBe('Apple Inc. (AAPL) · $190.00');

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Home' }));
    expect(document.title).toBe(`${siteOwner.name} · ${siteOwner.jobTitle}`);
  });

  it('ends later titles with the owner the server named (og:site_name), not the build’s default', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="canonical" href="https://me.example.com/apps/todo" /><meta property="og:site_name" content="Dana Reyes" />',
    );
    document.title = 'To-Do List · Dana Reyes';
    const { user } = renderWithProviders(<AppRoutes />, { route: '/apps/todo' });
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Portfolio' }));
    expect(document.title).toBe('Portfolio · Dana Reyes');
    expect(document.title).not.toContain(siteOwner.name);
  });
});

import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { siteConfig } from '../../config/site';
import { holdRequests, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/site/notice': { body: { notice: null } } });
  });

  it('renders the site config: notice with a mailto link, stack, date, skills and the two buttons', () => {
    renderWithProviders(<HomePage />);

    expect(screen.getByText(siteConfig.notice.title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: siteConfig.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.contactEmail}`,
    );
    expect(screen.getByText('React 19 with Mantine')).toBeInTheDocument();
    expect(screen.getByText(`Last updated: ${siteConfig.lastUpdated}`)).toBeInTheDocument();
    expect(screen.getByText('TypeScript')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Tech stack',
      'Professional interests',
      'Skills',
      'About me',
    ]);
    expect(screen.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    const resume = screen.getByRole('link', { name: 'Download Resume' });
    expect(resume).toHaveAttribute('href', '/resume.pdf');
    expect(resume).toHaveAttribute('download');
  });

  it("draws the config's notice at once and swaps in the admin's when the server has one", async () => {
    const fetchMock = mockFetch({
      'GET /api/site/notice': {
        body: {
          notice: { title: 'Back on Monday', paragraphs: ['Write to {email}.'], updated_at: '2026-11-24T21:00:00Z' },
        },
      },
    });
    const held = holdRequests(fetchMock, 'GET', '/api/site/notice');
    renderWithProviders(<HomePage />);
    // While the request runs the config's text holds the place: nothing shifts, nothing blank.
    expect(screen.getByText(siteConfig.notice.title)).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('Back on Monday')).toBeInTheDocument();
    expect(screen.queryByText(siteConfig.notice.title)).toBeNull();
    expect(screen.getByRole('link', { name: siteConfig.contactEmail })).toBeInTheDocument();
    // The next visit starts from it.
    expect(JSON.parse(localStorage.getItem('siteNotice') ?? 'null')?.notice?.title).toBe('Back on Monday');
  });

  it("keeps the config's notice when the server has none or cannot answer", async () => {
    const fetchMock = mockFetch({
      'GET /api/site/notice': { status: 503, body: { success: false, code: 503, message: 'Down' } },
    });
    renderWithProviders(<HomePage />);
    await expect.poll(() => fetchMock.mock.calls.length).toBeGreaterThan(0);
    expect(screen.getByText(siteConfig.notice.title)).toBeInTheDocument();
  });
});

import { defaultProfile, type Profile } from '@site/contract/profile-defaults';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { siteConfig } from '../../config/site';
import { holdRequests, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/site/notice': { body: { notice: null } }, 'GET /api/profile': { body: defaultProfile } });
  });

  it('renders the notice with a mailto link, the stack, the default profile and the portfolio button', () => {
    renderWithProviders(<HomePage />);

    expect(screen.getByText(siteConfig.notice.title)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: siteConfig.contactEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${siteConfig.contactEmail}`,
    );
    expect(screen.getByText('React 19 with Mantine')).toBeInTheDocument();
    expect(screen.getByText('TypeScript')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'About',
      'Tech stack',
      'Professional interests',
      'Skills',
      'About me',
    ]);
    expect(screen.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    // No résumé uploaded: no button that leads nowhere.
    expect(screen.queryByRole('link', { name: 'Download Resume' })).toBeNull();
  });

  it('swaps in the profile from GET /api/profile: grouped skills, safe Markdown, links, the résumé and its date', async () => {
    const profile: Profile = {
      ...defaultProfile,
      name: 'Sam Rivera',
      about: 'I like **bold** ideas. <img src=x onerror="alert(1)"> [bad](javascript:alert(1))',
      skills: [{ group: 'Systems', items: ['Rust', 'Go'] }],
      interests: ['Compilers'],
      links: [
        { label: 'GitHub', url: 'https://github.com/sam' },
        { label: 'Mastodon', url: 'https://hachyderm.io/@sam' },
      ],
      location: 'Lisbon',
      resume: {
        file_name: 'Sam-Rivera.pdf',
        size: 2048,
        uploaded_at: '2026-03-04T10:00:00Z',
        url: '/resume.pdf?v=abcdef',
      },
    };
    const fetchMock = mockFetch({
      'GET /api/site/notice': { body: { notice: null } },
      'GET /api/profile': { body: profile },
    });
    const held = holdRequests(fetchMock, 'GET', '/api/profile');
    const { container } = renderWithProviders(<HomePage after={<p>Contact form here</p>} />);
    // The defaults hold the place while the request runs.
    expect(screen.getByText('Developer tooling and fast feedback loops')).toBeInTheDocument();
    held.release();

    expect(await screen.findByText('Compilers')).toBeInTheDocument();
    expect(screen.getByText('Systems')).toBeInTheDocument();
    expect(screen.getByText('Rust')).toBeInTheDocument();
    expect(screen.getByText('Lisbon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mastodon' })).toHaveAttribute('rel', expect.stringContaining('me'));
    expect(screen.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/sam');
    const resume = screen.getByRole('link', { name: 'Download Resume' });
    expect(resume).toHaveAttribute('href', '/resume.pdf?v=abcdef');
    expect(resume).toHaveAttribute('download', 'Sam-Rivera.pdf');
    expect(screen.getByText('Updated Mar 4, 2026')).toBeInTheDocument();
    // The About text is rendered Markdown, without the script-bearing parts.
    const bold = await screen.findByText('bold');
    expect(bold.tagName).toBe('STRONG');
    const about = container.querySelector('[data-profile-about]') as HTMLElement;
    expect(about.innerHTML).not.toMatch(/onerror|javascript:/);
    expect(screen.getByText('Contact form here')).toBeInTheDocument();
    // The tab's title follows the profile.
    await waitFor(() => expect(document.title).toBe(`Sam Rivera · ${defaultProfile.title}`));
    // The next visit starts from it.
    expect(JSON.parse(localStorage.getItem('siteProfile') ?? 'null')?.name).toBe('Sam Rivera');
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
    expect(screen.getAllByRole('link', { name: siteConfig.contactEmail }).length).toBeGreaterThan(0);
    // The next visit starts from it.
    expect(JSON.parse(localStorage.getItem('siteNotice') ?? 'null')?.notice?.title).toBe('Back on Monday');
  });

  it("links the notice's {email} to the profile's address, and to none when the profile has none", async () => {
    mockFetch({
      'GET /api/site/notice': { body: { notice: null } },
      'GET /api/profile': { body: { ...defaultProfile, contact_email: 'sam@example.org' } },
    });
    const { unmount } = renderWithProviders(<HomePage />);
    const alert = () => screen.getByRole('alert');
    await waitFor(() =>
      expect(within(alert()).getByRole('link', { name: 'sam@example.org' })).toHaveAttribute(
        'href',
        'mailto:sam@example.org',
      ),
    );
    unmount();

    mockFetch({
      'GET /api/site/notice': { body: { notice: null } },
      'GET /api/profile': { body: { ...defaultProfile, contact_email: '' } },
    });
    localStorage.clear();
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(within(alert()).queryAllByRole('link')).toEqual([]));
    expect(alert()).toHaveTextContent('E-mail me at if you would like a live demo.');
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

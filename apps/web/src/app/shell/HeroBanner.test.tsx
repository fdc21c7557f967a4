import { defaultProfile, type Profile } from '@site/contract/profile-defaults';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { holdRequests, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { Brand } from './Brand';
import { HeroBanner } from './HeroBanner';
import { HeroIllustration } from './HeroIllustration';

const edited: Profile = {
  ...defaultProfile,
  name: 'Sam Rivera',
  title: 'Staff Engineer',
  tagline: 'Small tools, carefully made.',
  updated_at: '2026-11-20T10:00:00Z',
};

describe('the shell names the owner from the profile', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/profile': { body: edited } });
  });

  it('hero: the defaults while the profile is asked, then its name, title, tagline and picture', async () => {
    const fetchMock = mockFetch({ 'GET /api/profile': { body: edited } });
    const held = holdRequests(fetchMock, 'GET', '/api/profile');
    const { container } = renderWithProviders(<HeroBanner />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(defaultProfile.name);
    held.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Rivera' })).toBeInTheDocument();
    expect(screen.getByText('Staff Engineer')).toBeInTheDocument();
    expect(screen.getByText('Small tools, carefully made.')).toBeInTheDocument();
    // The picture is generated from the new name.
    const drawn = renderWithProviders(<HeroIllustration name="Sam Rivera" />).container.querySelector('svg');
    expect(container.querySelector('svg[focusable="false"]')?.outerHTML).toBe(drawn?.outerHTML);
    expect(drawn?.querySelector('text')).toHaveTextContent('SR');
    expect(screen.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    // No photo: no image beside the name.
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('hero: the owner’s photo, round, in the drawn picture’s place when the profile has one', async () => {
    const avatar = {
      url: '/api/profile/avatar?w=384&v=abcdef123456',
      srcset:
        '/api/profile/avatar?w=96&v=abcdef123456 96w, /api/profile/avatar?w=192&v=abcdef123456 192w, /api/profile/avatar?w=384&v=abcdef123456 384w',
      width: 384,
      height: 384,
    };
    mockFetch({ 'GET /api/profile': { body: { ...edited, avatar } } });
    const { container } = renderWithProviders(<HeroBanner />);
    const photo = await screen.findByRole('img', { name: 'Sam Rivera' });
    expect(photo).toHaveAttribute('src', avatar.url);
    expect(photo).toHaveAttribute('srcset', avatar.srcset);
    expect(photo).toHaveAttribute('sizes', expect.stringContaining('17rem'));
    expect(photo).toHaveAttribute('width', '384');
    expect(photo).toHaveAttribute('height', '384');
    expect(photo.className).toMatch(/avatar/);
    expect(container.querySelector('svg[focusable="false"]')).toBeNull();
  });

  it('brand: the owner’s initials and name, and a link home named after them', async () => {
    const { container } = renderWithProviders(<Brand />);
    const home = await screen.findByRole('link', { name: 'Sam Rivera, home' });
    expect(home).toHaveAttribute('href', '/');
    expect(container.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'SR');
  });
});

import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { defaultProfile, type Profile } from '@site/contract/profile-defaults';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { apps } from '../../config/apps';
import { siteConfig } from '../../config/site';
import { mockFetch } from '../../test/fetch-mock';
import { markupShape } from '../../test/markup-shape';
import { renderWithProviders } from '../../test/render';
import { Footer } from './Footer';
import classes from './Footer.module.css';

// The footer as Mantine's components drew it, which Footer writes directly.
function RefColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fw={700} size="sm" c="white" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {title}
      </Text>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
    </Stack>
  );
}

// Every entry is a Text <li>, links included, so rows keep one line height.
function RefLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Text component="li" size="sm">
      <Anchor component={Link} to={to} inherit c="gray.4">
        {children}
      </Anchor>
    </Text>
  );
}

function RefMailLink({ email, children }: { email: string; children: ReactNode }) {
  return (
    <Text component="li" size="sm">
      <Anchor href={`mailto:${email}`} inherit c="gray.4">
        {children}
      </Anchor>
    </Text>
  );
}

/** A plain list entry where the seed's footer had a placeholder link with no page behind it. */
function RefPlaceholder({ children }: { children: ReactNode }) {
  return (
    <Text component="li" size="sm" c="gray.5">
      {children}
    </Text>
  );
}

function MantineFooter({ profile }: { profile: Profile }) {
  const { name, title, contact_email: email } = profile;
  return (
    <Box component="footer" py={40} mt="xl" className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
          <Stack gap={6}>
            <Text fw={700} c="white">
              {name}
            </Text>
            {title && (
              <Text size="sm" c="gray.5">
                {title}
              </Text>
            )}
            {email && (
              <Anchor href={`mailto:${email}`} size="sm" c="gray.4">
                {email}
              </Anchor>
            )}
          </Stack>
          <RefColumn title="About">
            <RefLink to="/">Home</RefLink>
            <RefLink to={siteConfig.portfolioUrl}>Portfolio</RefLink>
            {email && <RefMailLink email={email}>Contact</RefMailLink>}
          </RefColumn>
          <RefColumn title="Services">
            <RefPlaceholder>Web applications</RefPlaceholder>
            <RefPlaceholder>API design</RefPlaceholder>
            <RefPlaceholder>Code reviews</RefPlaceholder>
          </RefColumn>
          <RefColumn title="Apps">
            {apps.map((app) => (
              <RefLink key={app.key} to={app.path}>
                {app.label}
              </RefLink>
            ))}
          </RefColumn>
        </SimpleGrid>
        <Divider my="lg" color="dark.5" />
        <Text size="xs" c="gray.5" ta="center">
          © {new Date().getFullYear()} {name} · Built with the Mantine theme and Tabler icons
        </Text>
      </Container>
    </Box>
  );
}

const edited: Profile = {
  ...defaultProfile,
  name: 'Sam Rivera',
  title: 'Staff Engineer',
  contact_email: 'sam@example.org',
  updated_at: '2026-11-20T10:00:00Z',
};

describe('Footer', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/profile': { body: defaultProfile } });
  });

  it('writes the markup of Mantine’s Stack, Text and Anchor it replaces', () => {
    expect(markupShape(<Footer />)).toEqual(markupShape(<MantineFooter profile={defaultProfile} />));
  });

  it('writes the same markup for a profile without a title or an e-mail address: no empty line, no mail link', () => {
    // The copy this browser kept is drawn at once (features/home/api/profile.ts).
    const bare = { ...edited, title: '', contact_email: '' };
    localStorage.setItem('siteProfile', JSON.stringify(bare));
    const shape = markupShape(<Footer />);
    expect(shape).toEqual(markupShape(<MantineFooter profile={bare} />));
    expect(JSON.stringify(shape)).not.toContain('mailto:');
  });

  it('names the owner of the profile from GET /api/profile: name, title, e-mail and ©', async () => {
    mockFetch({ 'GET /api/profile': { body: edited } });
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText('Sam Rivera')).toBeInTheDocument();
    expect(within(footer).getByText('Staff Engineer')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'sam@example.org' })).toHaveAttribute(
      'href',
      'mailto:sam@example.org',
    );
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'mailto:sam@example.org');
    expect(within(footer).getByText(/^© \d{4} Sam Rivera · Built/)).toBeInTheDocument();
    expect(within(footer).queryByText(defaultProfile.name)).toBeNull();
  });
});

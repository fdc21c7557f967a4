import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apps } from '../../config/apps';
import { siteConfig } from '../../config/site';
import { markupShape } from '../../test/markup-shape';
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

function RefMailLink({ children }: { children: ReactNode }) {
  return (
    <Text component="li" size="sm">
      <Anchor href={`mailto:${siteConfig.contactEmail}`} inherit c="gray.4">
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

function MantineFooter() {
  return (
    <Box component="footer" py={40} mt="xl" className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
          <Stack gap={6}>
            <Text fw={700} c="white">
              {siteConfig.owner.name}
            </Text>
            <Text size="sm" c="gray.5">
              {siteConfig.owner.title}
            </Text>
            <Anchor href={`mailto:${siteConfig.contactEmail}`} size="sm" c="gray.4">
              {siteConfig.contactEmail}
            </Anchor>
          </Stack>
          <RefColumn title="About">
            <RefLink to="/">Home</RefLink>
            <RefLink to={siteConfig.portfolioUrl}>Portfolio</RefLink>
            <RefMailLink>Contact</RefMailLink>
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
          © {new Date().getFullYear()} {siteConfig.owner.name} · Built with the Mantine theme and Tabler icons
        </Text>
      </Container>
    </Box>
  );
}

describe('Footer', () => {
  it('writes the markup of Mantine’s Stack, Text and Anchor it replaces', () => {
    expect(markupShape(<Footer />)).toEqual(markupShape(<MantineFooter />));
  });
});

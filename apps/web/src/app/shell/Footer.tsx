import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { apps } from '../../config/apps';
import { siteConfig } from '../../config/site';
import classes from './Footer.module.css';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
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
function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Text component="li" size="sm">
      <Anchor component={Link} to={to} inherit c="gray.4">
        {children}
      </Anchor>
    </Text>
  );
}

function FooterMailLink({ children }: { children: ReactNode }) {
  return (
    <Text component="li" size="sm">
      <Anchor href={`mailto:${siteConfig.contactEmail}`} inherit c="gray.4">
        {children}
      </Anchor>
    </Text>
  );
}

/** A plain list entry where the seed's footer had a placeholder link with no page behind it. */
function FooterPlaceholder({ children }: { children: ReactNode }) {
  return (
    <Text component="li" size="sm" c="gray.5">
      {children}
    </Text>
  );
}

/** docs/product.md#layout: link lists and a theme credit line. */
export function Footer() {
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
          <FooterColumn title="About">
            <FooterLink to="/">Home</FooterLink>
            <FooterLink to={siteConfig.portfolioUrl}>Portfolio</FooterLink>
            <FooterMailLink>Contact</FooterMailLink>
          </FooterColumn>
          <FooterColumn title="Services">
            <FooterPlaceholder>Web applications</FooterPlaceholder>
            <FooterPlaceholder>API design</FooterPlaceholder>
            <FooterPlaceholder>Code reviews</FooterPlaceholder>
          </FooterColumn>
          <FooterColumn title="Apps">
            {apps.map((app) => (
              <FooterLink key={app.key} to={app.path}>
                {app.label}
              </FooterLink>
            ))}
          </FooterColumn>
        </SimpleGrid>
        <Divider my="lg" color="dark.5" />
        <Text size="xs" c="gray.5" ta="center">
          © {new Date().getFullYear()} {siteConfig.owner.name} · Built with the Mantine theme and Tabler icons
        </Text>
      </Container>
    </Box>
  );
}

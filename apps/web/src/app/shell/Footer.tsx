import { Container, Divider, SimpleGrid } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { apps } from '../../config/apps';
import { siteConfig } from '../../config/site';
import { useProfile } from '../../features/home/api/profile';
import classes from './Footer.module.css';

/*
 * The footer is in every page the server draws (docs/decisions.md#pages-rendered-with-their-data),
 * and its ~30 Mantine Stack, Text and Anchor components were a share of each render: they are
 * written as the markup they made (their classes, data attributes and variables, so Mantine's
 * stylesheet draws them the same). Footer.test.tsx holds it to the Mantine one.
 */
const TEXT = 'mantine-focus-auto m_b6d8b162 mantine-Text-root';
const ANCHOR = 'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root';
const STACK = 'm_6d731127 mantine-Stack-root';
const SIZE_SM = { '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)' };
const stack = (gap: string, style: CSSProperties = {}) =>
  ({
    '--stack-gap': `calc(${gap} * var(--mantine-scale))`,
    '--stack-align': 'stretch',
    '--stack-justify': 'flex-start',
    ...style,
  }) as CSSProperties;
const GRAY_4 = { color: 'var(--mantine-color-gray-4)' };
const GRAY_5 = 'var(--mantine-color-gray-5)';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={stack('0.375rem')} className={STACK}>
      <p
        style={
          {
            ...SIZE_SM,
            letterSpacing: '0.04em',
            color: 'var(--mantine-color-white)',
            fontWeight: 700,
            textTransform: 'uppercase',
          } as CSSProperties
        }
        className={TEXT}
        data-size="sm"
      >
        {title}
      </p>
      <ul style={stack('0.25rem', { listStyle: 'none', margin: '0rem', padding: '0rem' })} className={STACK}>
        {children}
      </ul>
    </div>
  );
}

// Every entry is a Text <li>, links included, so rows keep one line height.
function FooterItem({ color, children }: { color?: string; children: ReactNode }) {
  return (
    <li style={{ ...SIZE_SM, ...(color ? { color } : {}) } as CSSProperties} className={TEXT} data-size="sm">
      {children}
    </li>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <FooterItem>
      <Link to={to} style={GRAY_4} className={ANCHOR} data-inherit="true" data-underline="hover">
        {children}
      </Link>
    </FooterItem>
  );
}

function FooterMailLink({ email, children }: { email: string; children: ReactNode }) {
  return (
    <FooterItem>
      <a style={GRAY_4} className={ANCHOR} data-inherit="true" data-underline="hover" href={`mailto:${email}`}>
        {children}
      </a>
    </FooterItem>
  );
}

/**
 * docs/product.md#layout: the owner (name, title and e-mail from their profile, GET /api/profile),
 * link lists and a theme credit line. A profile without an e-mail address has no mail links.
 */
export function Footer() {
  const { name, title, contact_email: email } = useProfile().profile;
  return (
    <footer
      style={{ marginTop: 'var(--mantine-spacing-xl)', paddingBlock: 'calc(2.5rem * var(--mantine-scale))' }}
      className={classes.footer}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
          <div style={stack('0.375rem')} className={STACK}>
            <p style={{ color: 'var(--mantine-color-white)', fontWeight: 700 }} className={TEXT}>
              {name}
            </p>
            {title && (
              <p style={{ ...SIZE_SM, color: GRAY_5 } as CSSProperties} className={TEXT} data-size="sm">
                {title}
              </p>
            )}
            {email && (
              <a
                style={{ ...SIZE_SM, ...GRAY_4 } as CSSProperties}
                className={ANCHOR}
                data-size="sm"
                data-underline="hover"
                href={`mailto:${email}`}
              >
                {email}
              </a>
            )}
          </div>
          <FooterColumn title="About">
            <FooterLink to="/">Home</FooterLink>
            <FooterLink to={siteConfig.portfolioUrl}>Portfolio</FooterLink>
            {email && <FooterMailLink email={email}>Contact</FooterMailLink>}
          </FooterColumn>
          {/* Plain entries where the seed's footer had placeholder links with no page behind them. */}
          <FooterColumn title="Services">
            <FooterItem color={GRAY_5}>Web applications</FooterItem>
            <FooterItem color={GRAY_5}>API design</FooterItem>
            <FooterItem color={GRAY_5}>Code reviews</FooterItem>
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
        <p
          style={
            {
              '--text-fz': 'var(--mantine-font-size-xs)',
              '--text-lh': 'var(--mantine-line-height-xs)',
              color: GRAY_5,
              textAlign: 'center',
            } as CSSProperties
          }
          className={TEXT}
          data-size="xs"
        >
          © {new Date().getFullYear()} {name} · Built with the Mantine theme and Tabler icons
        </p>
      </Container>
    </footer>
  );
}

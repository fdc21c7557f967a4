import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type CSSProperties, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LazyOverlay } from '../../components/LazyOverlay';
import { lazyPage } from '../../lib/lazy-page';
import { AccountActions } from './AccountActions';
import { AppsMenu } from './AppsMenu';
import { Brand } from './Brand';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { DemoDataBadge } from './DemoDataBadge';
import classes from './TopBar.module.css';
import { useFixedOnScroll } from './use-fixed-on-scroll';

export const TOP_BAR_HEIGHT = '3.75rem';

// The phone drawer (Drawer, NavLink) downloads when the burger is first pressed.
const MobileNav = lazyPage(() => import('./MobileNav'), 'MobileNav');

function NavButton({ to, label }: { to: string; label: string }) {
  const { pathname } = useLocation();
  const active = pathname === to;
  return (
    <Button
      component={Link}
      to={to}
      variant={active ? 'light' : 'subtle'}
      color="gray"
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </Button>
  );
}

/**
 * docs/product.md#layout: the bar sits in the page flow and becomes fixed (with a shadow) once the
 * user has scrolled past it. From the `sm` breakpoint (768px) down it is a burger + drawer.
 */
export function TopBar() {
  const { slotRef, fixed } = useFixedOnScroll<HTMLDivElement>();
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from the first opening on, so that closing it still animates.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const toggleDrawer = () => {
    setDrawerUsed(true);
    drawer.toggle();
  };

  return (
    <div ref={slotRef} className={classes.slot} style={{ '--top-bar-height': TOP_BAR_HEIGHT } as CSSProperties}>
      <header className={fixed ? `${classes.bar} ${classes.fixed}` : classes.bar} data-fixed={fixed || undefined}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" visibleFrom="sm">
            <Group gap="lg" wrap="nowrap">
              <Brand />
              <nav aria-label="Main">
                <Group gap={4} wrap="nowrap">
                  <NavButton to="/" label="Home" />
                  <AppsMenu />
                  <NavButton to="/portfolio" label="Portfolio" />
                </Group>
              </nav>
            </Group>
            <Group gap="md" wrap="nowrap">
              <DemoDataBadge />
              <ColorSchemeToggle />
              <AccountActions />
            </Group>
          </Group>
          <Group h="100%" justify="space-between" wrap="nowrap" hiddenFrom="sm">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={drawerOpened} onClick={toggleDrawer} aria-label="Open navigation" size="sm" />
              <Brand />
            </Group>
            <DemoDataBadge />
          </Group>
        </Container>
      </header>
      {drawerUsed && (
        <LazyOverlay title="The navigation could not be shown">
          <MobileNav opened={drawerOpened} onClose={drawer.close} />
        </LazyOverlay>
      )}
    </div>
  );
}

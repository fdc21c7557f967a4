import { type ComponentType, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AppsButton } from './AppsButton';
import type { AppsMenuDropdownProps } from './AppsMenuDropdown';

interface Loaded {
  Menu: ComponentType<AppsMenuDropdownProps>;
  opened: boolean;
  focused: boolean;
}

/**
 * docs/product.md#layout: the Apps menu. Mantine's Menu (with Popover, floating-ui and their helpers, a
 * good part of the first page's JavaScript) downloads when the user shows an intent to use it —
 * the pointer on the button, focus, a touch — and replaces this stand-in; a click before it has
 * arrived opens the menu as soon as it is there.
 */
export function AppsMenu() {
  const { pathname } = useLocation();
  const inApps = pathname.startsWith('/apps/') || pathname.startsWith('/docs/');
  const variant = inApps ? 'light' : 'subtle';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);
  const openWhenLoaded = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import('./AppsMenuDropdown').then(
      (module) =>
        setLoaded({
          Menu: module.AppsMenuDropdown,
          opened: openWhenLoaded.current,
          // The real menu's button replaces this one: keyboard focus moves along with it.
          focused: document.activeElement === button.current,
        }),
      (error: unknown) => {
        // Offline, or the site was updated: the next intent tries again.
        loading.current = false;
        console.error('Could not load the Apps menu', error);
      },
    );
  };

  if (loaded) return <loaded.Menu variant={variant} defaultOpened={loaded.opened} focusOnMount={loaded.focused} />;
  return (
    <AppsButton
      ref={button}
      variant={variant}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onTouchStart={load}
      onClick={() => {
        openWhenLoaded.current = true;
        load();
      }}
    />
  );
}

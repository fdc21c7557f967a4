import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { LazyOverlay } from '../../components/LazyOverlay';
import { lazyPage } from '../../lib/lazy-page';

// The forms (and @mantine/form) download when a modal is first opened, not with the first page.
const LoginModal = lazyPage(() => import('./LoginModal'), 'LoginModal');
const SignupModal = lazyPage(() => import('./SignupModal'), 'SignupModal');

type OpenModal = 'login' | 'signup' | null;

interface AuthModals {
  openLogin: () => void;
  openSignup: () => void;
  close: () => void;
}

const AuthModalsContext = createContext<AuthModals | null>(null);

/** Owns the one login and one signup modal of the page so any component can open them. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenModal>(null);
  // A modal is mounted from its first opening on, so that closing it still animates.
  const [used, setUsed] = useState({ login: false, signup: false });
  const modals = useMemo<AuthModals>(
    () => ({
      openLogin: () => {
        setUsed((u) => (u.login ? u : { ...u, login: true }));
        setOpen('login');
      },
      openSignup: () => {
        setUsed((u) => (u.signup ? u : { ...u, signup: true }));
        setOpen('signup');
      },
      close: () => setOpen(null),
    }),
    [],
  );

  return (
    <AuthModalsContext.Provider value={modals}>
      {children}
      {used.login && (
        <LazyOverlay title="The login form could not be shown">
          <LoginModal opened={open === 'login'} onClose={modals.close} onSwitchToSignup={modals.openSignup} />
        </LazyOverlay>
      )}
      {used.signup && (
        <LazyOverlay title="The signup form could not be shown">
          <SignupModal opened={open === 'signup'} onClose={modals.close} onSwitchToLogin={modals.openLogin} />
        </LazyOverlay>
      )}
    </AuthModalsContext.Provider>
  );
}

export function useAuthModals(): AuthModals {
  const modals = useContext(AuthModalsContext);
  if (!modals) throw new Error('useAuthModals must be used inside <AuthModalsProvider>');
  return modals;
}

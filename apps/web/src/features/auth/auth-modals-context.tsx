import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { LoginModal } from './LoginModal';
import { SignupModal } from './SignupModal';

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
  const modals = useMemo<AuthModals>(
    () => ({
      openLogin: () => setOpen('login'),
      openSignup: () => setOpen('signup'),
      close: () => setOpen(null),
    }),
    [],
  );

  return (
    <AuthModalsContext.Provider value={modals}>
      {children}
      <LoginModal opened={open === 'login'} onClose={modals.close} onSwitchToSignup={modals.openSignup} />
      <SignupModal opened={open === 'signup'} onClose={modals.close} onSwitchToLogin={modals.openLogin} />
    </AuthModalsContext.Provider>
  );
}

export function useAuthModals(): AuthModals {
  const modals = useContext(AuthModalsContext);
  if (!modals) throw new Error('useAuthModals must be used inside <AuthModalsProvider>');
  return modals;
}

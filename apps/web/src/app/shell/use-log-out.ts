import { useState } from 'react';
import { logOut } from '../../features/auth';

/** Log Out with a pending flag for the button; the page navigates away when it is done. */
export function useLogOut() {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    await logOut();
  };
  return { logOut: run, pending };
}

import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthModals } from '../../features/auth';
import { type SignedOutReason, takeSignedOutReason, useSignedOutReason } from '../../hooks/use-signed-out-reason';
import { isApiError } from '../../lib/api-client';
import { readCookie } from '../../lib/cookies';
import { CSRF_COOKIE } from '../../lib/csrf';
import { readSession } from '../../lib/storage';

/** The session query's key (features/auth's authQueries.me), watched here, never written. */
const ME_KEY = ['auth', 'me'] as const;

export const SESSION_ENDED_TITLE = 'You were signed out';
export const ACCOUNT_DELETED_TITLE = 'Your account was deleted';

/**
 * While a page is open: the session it was drawn for, or the browser still holds, turns out ended
 * on the server (log out everywhere or a password change on another device, expiry). A 401 to any
 * call once the session cookies are gone has the session asked again; a session answer of none
 * where a user was believed signed in means it ended. Calls `onEnded` for that change only, so
 * the word comes once.
 */
function useSessionEndedWhileOpen(onEnded: () => void) {
  const queryClient = useQueryClient();
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => {
    // A user stored by the last sign-in counts as signed in until the session answer says otherwise.
    let signedIn = Boolean(queryClient.getQueryData(ME_KEY)) || readSession() !== null;
    const refused = (error: unknown) => {
      if (signedIn && isApiError(error, 401) && !readCookie(CSRF_COOKIE)) {
        void queryClient.invalidateQueries({ queryKey: ME_KEY });
      }
    };
    const unwatchQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { queryKey, state } = event.query;
      if (queryKey[0] === ME_KEY[0] && queryKey[1] === ME_KEY[1] && queryKey.length === 2) {
        if (event.action.type !== 'success') return;
        const now = Boolean(state.data);
        if (signedIn && !now) ended.current();
        signedIn = now;
      } else if (event.action.type === 'error') refused(event.action.error);
    });
    const unwatchMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refused(event.action.error);
    });
    // The page came with no user (drawn for a visitor) to a browser that holds one: ask once more.
    if (readSession() && queryClient.getQueryData(ME_KEY) === null) {
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    }
    return () => {
      unwatchQueries();
      unwatchMutations();
    };
  }, [queryClient]);
}

function Notice({ reason, onClose }: { reason: SignedOutReason; onClose: () => void }) {
  const { openLogin } = useAuthModals();
  if (reason === 'account-deleted') {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck />}
        title={ACCOUNT_DELETED_TITLE}
        role="status"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onClose}
        mb="lg"
      >
        Your account and everything it held are gone for good, and you are signed out on every device.
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLogout />}
      title={SESSION_ENDED_TITLE}
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      mb="lg"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Your session ended: you logged out everywhere or changed your password on another device, or it expired.
        </Text>
        <Button size="xs" variant="light" color="orange" onClick={openLogin}>
          Login
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Tells a visitor why they are signed out when it was not their own Log Out: the account they just
 * deleted, or a session ended elsewhere (noted at the start of the page, or found while it is
 * open). Shown above the page until dismissed or another page is opened.
 */
export function SignedOutNotice() {
  const noted = useSignedOutReason();
  const [reason, setReason] = useState<SignedOutReason | null>(null);
  useEffect(() => {
    if (noted) setReason(noted);
  }, [noted]);
  useSessionEndedWhileOpen(() => {
    // Shown here, so not again on the next page (lib/storage.ts clearSession noted it).
    takeSignedOutReason();
    setReason('session-ended');
  });

  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (reason === null) shownOn.current = pathname;
    else if (shownOn.current !== pathname) setReason(null);
  }, [reason, pathname]);

  return reason ? <Notice reason={reason} onClose={() => setReason(null)} /> : null;
}

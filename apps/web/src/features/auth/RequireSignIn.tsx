import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { useMe } from './api/use-me';
import { LoginRequiredCard } from './LoginRequiredCard';

interface RequireSignInProps {
  /** What a signed-in user sees. */
  children: ReactNode;
  /** Why the app needs an account, on the login card, e.g. "Your to-do items are saved to your account." */
  reason?: string;
  /** The page's heading above the login card: a string becomes its h1. */
  title?: ReactNode;
  /** What a visitor sees instead of the login card (and `title`), e.g. an inline 'Log in' link. */
  fallback?: ReactNode;
  /** What shows while the session is being checked; a page loader unless given. */
  pending?: ReactNode;
}

/**
 * The sign-in gate of the per-user apps: `children` for a signed-in user, the login card (under
 * the page's title, if given) for a visitor or when the session cannot be checked, and a loader
 * (under the title too) while it is being checked.
 */
export function RequireSignIn({
  children,
  reason,
  title,
  fallback,
  pending = <PageLoader label="Checking your session…" />,
}: RequireSignInProps) {
  const me = useMe();
  if (me.data) return children;
  if (!me.isPending && fallback !== undefined) return fallback;
  // While checking, the title is already in place (and in the pre-rendered page) above the loader.
  const below = me.isPending ? pending : <LoginRequiredCard reason={reason} />;
  if (title === undefined || (me.isPending && fallback !== undefined)) return below;
  return (
    <Stack gap="lg">
      {typeof title === 'string' ? <Title order={1}>{title}</Title> : title}
      {below}
    </Stack>
  );
}

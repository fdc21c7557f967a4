import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { RequireSignIn } from '../auth';
import { useAccount } from './api/use-account';
import { ChangePasswordSection } from './components/ChangePasswordSection';
import { DeleteAccountSection } from './components/DeleteAccountSection';
import { ExportSection } from './components/ExportSection';
import { ProfileSection } from './components/ProfileSection';
import { SessionsSection } from './components/SessionsSection';

/** /account: the signed-in user's own account: profile, password, sessions, export, deletion. */
export function AccountPage() {
  return (
    <RequireSignIn title="Account" reason="Sign in to manage your account.">
      <AccountSections />
    </RequireSignIn>
  );
}

function AccountSections() {
  const account = useAccount();
  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1}>Account</Title>
        {account.data?.is_admin && (
          <Text size="sm" c="dimmed" mt={4}>
            Users, site status and the home page notice are on the{' '}
            <Anchor component={Link} to="/admin" inherit>
              Admin
            </Anchor>{' '}
            page.
          </Text>
        )}
      </div>
      {account.isPending ? (
        <PageLoader label="Loading your account…" />
      ) : account.isError ? (
        <LoadError title="Could not load your account" error={account.error} onRetry={() => account.refetch()} />
      ) : (
        <>
          <ProfileSection account={account.data} />
          <ChangePasswordSection />
          <SessionsSection />
          <ExportSection username={account.data.username} />
          <DeleteAccountSection account={account.data} />
        </>
      )}
    </Stack>
  );
}

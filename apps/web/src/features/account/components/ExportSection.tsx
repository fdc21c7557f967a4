import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { FormAlert } from '../../../components/FormAlert';
import { saveJsonFile } from '../../../lib/save-file';
import { accountApi } from '../api/account-api';
import { AccountSection } from './AccountSection';

/**
 * 'Export my data': fetched rather than a plain link so the button can show that it is working and
 * a failure can say why (a plain link would leave an error page as the download).
 */
export function ExportSection({ username }: { username: string }) {
  const download = useMutation({
    mutationFn: accountApi.exportData,
    onSuccess: (data) => saveJsonFile(data, `${username}-export-${new Date().toISOString().slice(0, 10)}.json`),
  });
  return (
    <AccountSection
      title="Your data"
      description="One JSON file with everything your account owns: profile, to-dos, Sudoku games, favourite places, watchlist and wallets."
    >
      <FormAlert title="The export failed">{download.isError && download.error.message}</FormAlert>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          Export my data
        </Button>
      </Group>
    </AccountSection>
  );
}

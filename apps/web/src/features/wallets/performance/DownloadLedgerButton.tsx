import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/save-file';
import { performanceApi } from '../api/performance-api';

/**
 * 'Download CSV' of the wallet's ledger (docs/api.md#wallet-ledger-csv): fetched rather than a
 * plain link, so the button shows that it works and a failure says why instead of saving an
 * error page as the file.
 */
export function DownloadLedgerButton({ walletId, walletName }: { walletId: number; walletName: string }) {
  const download = useMutation({
    mutationFn: () => performanceApi.ledgerCsv(walletId),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? `${walletName}-ledger.csv`),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'The ledger could not be downloaded', message: error.message }),
  });
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      Download CSV
    </Button>
  );
}

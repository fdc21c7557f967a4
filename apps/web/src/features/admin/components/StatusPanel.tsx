import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { AdminStatusResponse } from '@site/contract';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { StatList } from '../../../components/StatList';
import { formatDateTime } from '../../../lib/dates';
import { formatBytes, formatRate, formatUptime } from '../admin-format';
import { useAdminStatus } from '../api/use-admin';

const DATABASE_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const REDIS_COLORS: Record<string, string> = { ok: 'teal', down: 'red', off: 'gray' };

function Overview({ status }: { status: AdminStatusResponse }) {
  return (
    <StatList
      cols={{ base: 1, xs: 2, md: 3 }}
      stats={[
        {
          label: 'Database',
          value: `${DATABASE_NAMES[status.database.kind]}, ${formatBytes(status.database.size_bytes)}`,
        },
        {
          label: 'Redis',
          value: (
            <Badge variant="light" color={REDIS_COLORS[status.redis] ?? 'gray'}>
              {status.redis}
            </Badge>
          ),
        },
        { label: 'Data mode', value: status.data_mode === 'demo' ? 'Demo (offline, generated)' : 'Live' },
        { label: 'Version', value: status.version },
        {
          label: 'Uptime',
          value: formatUptime(status.uptime_seconds),
          title: `Since ${formatDateTime(status.started_at)}`,
        },
        { label: 'Started', value: formatDateTime(status.started_at) },
      ]}
    />
  );
}

const PROVIDER_COLUMNS: readonly DataColumn<AdminStatusResponse['providers'][number]>[] = [
  { header: 'Provider', noWrap: true, td: () => ({ fw: 600 }), cell: (p) => p.provider },
  { header: 'Calls', align: 'right', cell: (p) => p.calls },
  {
    header: 'Error rate',
    align: 'right',
    td: (p) => ({ c: p.error_rate > 0.1 ? 'red' : undefined }),
    cell: (p) => formatRate(p.error_rate),
  },
  { header: 'Last success', cell: (p) => (p.last_success_at ? formatDateTime(p.last_success_at) : 'Never') },
  {
    header: 'Last failure',
    cell: (p) => (
      <>
        {p.last_failure_at ? formatDateTime(p.last_failure_at) : 'Never'}
        {p.last_error && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {p.last_error}
          </Text>
        )}
      </>
    ),
  },
];

function Providers({ providers }: { providers: AdminStatusResponse['providers'] }) {
  if (providers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No calls to outside data services since the server started (demo data makes none).
      </Text>
    );
  }
  return (
    <DataTable
      label="Data providers"
      columns={PROVIDER_COLUMNS}
      rows={providers}
      rowKey={(p) => p.provider}
      minWidth={640}
      verticalSpacing="xs"
    />
  );
}

function SudokuPool({ pool }: { pool: AdminStatusResponse['sudoku_pool'] }) {
  if (pool.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No puzzle pool.
      </Text>
    );
  return (
    <Stack gap="xs" maw={480}>
      {pool.map((level) => (
        <div key={level.difficulty}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" tt="capitalize">
              {level.difficulty}
            </Text>
            <Text size="sm" c="dimmed">
              {level.size} of {level.target}
            </Text>
          </Group>
          <Progress
            value={level.target > 0 ? Math.min(100, (level.size / level.target) * 100) : 0}
            color={level.size === 0 ? 'red' : level.size < level.target / 2 ? 'yellow' : 'teal'}
            aria-label={`${level.difficulty} puzzles ready`}
          />
        </div>
      ))}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Status: database, Redis, data mode, the outside services, the Sudoku pool, version and uptime. */
export function StatusPanel() {
  const status = useAdminStatus();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {status.dataUpdatedAt ? `As of ${formatDateTime(new Date(status.dataUpdatedAt).toISOString())}` : ' '}
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={status.isFetching}
          onClick={() => status.refetch()}
        >
          Refresh
        </Button>
      </Group>
      {status.isPending ? (
        <PageLoader label="Loading the site's status…" />
      ) : status.isError ? (
        <LoadError title="Could not load the status" error={status.error} onRetry={() => status.refetch()} />
      ) : (
        <>
          <Section title="Site">
            <Overview status={status.data} />
          </Section>
          <Section title="Data providers">
            <Providers providers={status.data.providers} />
          </Section>
          <Section title="Sudoku puzzle pool">
            <SudokuPool pool={status.data.sudoku_pool} />
          </Section>
        </>
      )}
    </Stack>
  );
}

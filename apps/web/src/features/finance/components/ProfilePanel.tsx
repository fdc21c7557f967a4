import { Grid, Paper, Text, Title } from '@mantine/core';
import type { Stock } from '@site/contract';
import { StatList } from '../../../components/StatList';
import { formatInteger, NO_VALUE } from '../../../lib/format';

/** docs/product.md#stock-page-appsfinancestocksymbol: 'Company Information' in two columns from tablets (768 px, `sm`) up, the left one wider (8 of 12). */
export function ProfilePanel({ info }: { info: Stock }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="company-info-heading">
      <Title order={2} size="h3" id="company-info-heading" mb="md">
        Company Information
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Title order={3} size="h5" mb="xs">
            About {info.longName ?? info.shortName}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} lh={1.65}>
            {info.longBusinessSummary ?? 'No business summary available.'}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <StatList
            cols={1}
            stats={[
              { label: 'Symbol', value: info.symbol },
              { label: 'Short Name', value: info.shortName },
              { label: 'City', value: info.city ?? NO_VALUE },
              { label: 'State', value: info.state ?? NO_VALUE },
              { label: 'Country', value: info.country ?? NO_VALUE },
              { label: 'Industry', value: info.industry ?? NO_VALUE },
              { label: 'Sector', value: info.sector ?? NO_VALUE },
              { label: 'Full-Time Employees', value: formatInteger(info.fullTimeEmployees) },
            ]}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

import { Box, Divider, Grid, Group, Loader, Paper, Skeleton, Text } from '@mantine/core';
import classes from './StockHeader.module.css';

/**
 * The header's shape while the stock loads, with the seed's 'Loading...' (docs/product.md), so the
 * page does not jump when the price arrives.
 */
export function StockHeaderSkeleton() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="sm" role="status" mb="md">
        <Loader size="sm" />
        <Text>Loading...</Text>
      </Group>
      <Box aria-hidden>
        <Skeleton height={34} width="min(60%, 320px)" radius="sm" />
        <Skeleton height={14} width="min(85%, 420px)" radius="sm" mt={10} />
        <Divider my="md" />
        <Grid gap={{ base: 'md', sm: 'xl' }} align="center">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Skeleton height={40} width={180} radius="sm" />
            <Skeleton height={20} width={150} radius="sm" mt={8} />
            <Skeleton height={18} width={220} radius="sm" mt={10} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Skeleton height={144} radius="sm" />
          </Grid.Col>
        </Grid>
        {/* The statistics' own layout: rows on phones, a grid from 768px. */}
        <Box className={classes.stats} mt="lg">
          {['day', 'year', 'cap', 'pe', 'dividend', 'volume'].map((key) => (
            <div key={key} className={classes.stat}>
              <Skeleton height={10} width={90} radius="sm" />
              <Skeleton height={16} width={120} maw="100%" radius="sm" mt={6} />
            </div>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}

import { Box, type BoxProps, Text } from '@mantine/core';
import { type KeyStat, type KeyStatisticsQuote, keyStatistics, type RangeMeterValue } from './key-statistics';
import classes from './StockHeader.module.css';

/** Where the price lies in a range: a marker on a track, named for screen readers. */
function RangeMeter({ meter }: { meter: RangeMeterValue }) {
  const percent = Math.round(meter.position * 1000) / 10;
  return (
    <div className={classes.track} role="img" aria-label={meter.label}>
      <span className={classes.marker} style={{ left: `${percent}%` }} />
    </div>
  );
}

function Stat({ stat }: { stat: KeyStat }) {
  return (
    <div className={classes.stat}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
        {stat.label}
      </Text>
      <dd className={classes.value}>
        <Text component="span" display="block" size="sm" fw={600} title={stat.title}>
          {stat.value}
        </Text>
        {stat.detail && (
          <Text component="span" display="block" size="xs" c="dimmed">
            {stat.detail}
          </Text>
        )}
        {stat.meter && <RangeMeter meter={stat.meter} />}
      </dd>
    </div>
  );
}

/** docs/product.md#stock-page-appsfinancestocksymbol: the header's key statistics. */
export function KeyStatistics({ quote, ...boxProps }: { quote: KeyStatisticsQuote } & BoxProps) {
  return (
    <Box component="dl" className={classes.stats} aria-label="Key statistics" {...boxProps}>
      {keyStatistics(quote).map((stat) => (
        <Stat key={stat.label} stat={stat} />
      ))}
    </Box>
  );
}

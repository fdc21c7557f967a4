import { Badge } from '@mantine/core';
import { useHealth } from '../auth';
import classes from './DemoDataBadge.module.css';

const explanation = 'Market, weather and address data are simulated offline.';

/** docs/architecture.md#data-and-configuration: flags that the server runs on its offline demo data providers. */
export function DemoDataBadge() {
  const { data } = useHealth();
  if (data?.dataMode !== 'demo') return null;
  return (
    <span className={classes.root}>
      <Badge
        variant="light"
        color="orange"
        tabIndex={0}
        aria-label={`Demo data: ${explanation}`}
        // Escape dismisses the tooltip, as it does Mantine's.
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.currentTarget.blur();
        }}
      >
        Demo data
      </Badge>
      {/* Its text is the badge's accessible name already. */}
      <span className={classes.tooltip} aria-hidden>
        {explanation}
      </span>
    </span>
  );
}

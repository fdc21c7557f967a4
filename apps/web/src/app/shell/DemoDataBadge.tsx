import { Badge } from '@mantine/core';
import { useHealth } from '../../features/auth';
import { CssTooltip } from './CssTooltip';

const explanation = 'Market, weather and address data are simulated offline.';

/** docs/architecture.md#data-and-configuration: flags that the server runs on its offline demo data providers. */
export function DemoDataBadge() {
  const { data } = useHealth();
  if (data?.dataMode !== 'demo') return null;
  return (
    // Its text is the badge's accessible name already; a tap focuses the badge and shows it.
    <CssTooltip label={explanation} showOnTap>
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
    </CssTooltip>
  );
}

import { Badge, Tooltip } from '@mantine/core';
import { useHealth } from '../auth/api/use-health';

const explanation = 'Market, weather and address data are simulated offline.';

/** DESIGN §3: flags that the server runs on its offline demo data providers. */
export function DemoDataBadge() {
  const { data } = useHealth();
  if (data?.dataMode !== 'demo') return null;
  return (
    <Tooltip label={explanation} withArrow multiline w={240} events={{ hover: true, focus: true, touch: true }}>
      <Badge variant="light" color="orange" tabIndex={0} aria-label={`Demo data: ${explanation}`}>
        Demo data
      </Badge>
    </Tooltip>
  );
}

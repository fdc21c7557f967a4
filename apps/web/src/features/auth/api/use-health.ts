import { useQuery } from '@tanstack/react-query';
import { authQueries } from './auth-queries';

/** Server health; the layout reads `dataMode` to flag simulated data. */
export function useHealth() {
  return useQuery(authQueries.health());
}

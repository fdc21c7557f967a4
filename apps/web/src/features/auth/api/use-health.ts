import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/contract-schemas';
import { authKeys } from './auth-queries';

/** Server health; the layout reads `dataMode` to flag simulated data. */
export function useHealth() {
  return useQuery({
    queryKey: authKeys.health,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/health', { schema: lazySchema((c) => c.healthResponseSchema), signal }),
    // The data mode is fixed for the server's lifetime.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

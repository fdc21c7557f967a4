import { useQuery } from '@tanstack/react-query';
import { authQueries } from './auth-queries';

/** The signed-in user, or null for a visitor. */
export function useMe() {
  return useQuery(authQueries.me());
}

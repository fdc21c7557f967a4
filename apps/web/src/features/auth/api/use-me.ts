import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { useHydrating } from '../../../hooks/use-hydrating';
import { SessionKnownContext } from '../session-known';
import { authQueries } from './auth-queries';

/**
 * The signed-in user, or null for a visitor. While a part is hydrated from pre-rendered HTML it is
 * still being checked, as the pre-render drew it: a visitor's check needs no request and may
 * already be done when a lazy page hydrates (hooks/use-hydrating.ts). A page the server drew
 * knowing the session (SessionKnownContext) hydrates with it as drawn.
 */
export function useMe() {
  const me = useQuery(authQueries.me());
  const hydrating = useHydrating();
  const drawnKnowingSession = useContext(SessionKnownContext);
  if (!hydrating || me.isPending || drawnKnowingSession) return me;
  return {
    ...me,
    data: undefined,
    error: null,
    status: 'pending',
    isPending: true,
    isLoading: true,
    isSuccess: false,
    isError: false,
  } as UseQueryResult<typeof me.data>;
}

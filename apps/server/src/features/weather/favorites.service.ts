import {
  type CreateFavoriteRequest,
  FAVORITE_NICKNAME_MAX,
  type FavoriteLocation,
  WEATHER_FAVORITES_MAX,
} from '@site/contract';
import { badRequest, conflict, notFound } from '../../core/http-errors.js';
import { zoneAt } from '../../integrations/time-zones.js';
import type { FavoritesRepository } from './favorites.repository.js';

// One message for "no such location" and "someone else's location", so ids reveal nothing.
const NOT_FOUND = 'Saved location not found';

/** The nickname as saved: the typed one, else the address (shortened to fit). */
export function nicknameFor(nickname: string | null | undefined, address: string): string {
  const typed = nickname?.trim();
  if (typed) return typed;
  return address.length <= FAVORITE_NICKNAME_MAX
    ? address
    : `${address.slice(0, FAVORITE_NICKNAME_MAX - 1).trimEnd()}…`;
}

export function favoritesService(repository: FavoritesRepository, max = WEATHER_FAVORITES_MAX) {
  return {
    list: (userId: number) => repository.list(userId),

    async add(userId: number, input: CreateFavoriteRequest): Promise<FavoriteLocation> {
      const result = await repository.add(
        userId,
        {
          nickname: nicknameFor(input.nickname, input.address),
          address: input.address,
          lat: input.lat,
          lon: input.lon,
          timezone: input.timezone ?? zoneAt(input.lat, input.lon),
          country_code: input.country_code ?? null,
        },
        max,
      );
      if (result.ok) return result.favorite;
      if (result.reason === 'limit') {
        throw badRequest(`You can save at most ${max} locations. Delete one to add another.`);
      }
      const name = result.existing ? `“${result.existing.nickname}”` : 'This place';
      throw conflict(`${name} is already in your saved locations.`);
    },

    /** Deletes and returns what is left. */
    async remove(userId: number, locationId: number): Promise<FavoriteLocation[]> {
      if (!(await repository.delete(userId, locationId))) throw notFound(NOT_FOUND);
      return repository.list(userId);
    },
  };
}

export type FavoritesService = ReturnType<typeof favoritesService>;

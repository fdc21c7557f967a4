import {
  DEFAULT_PREFERENCES,
  type PreferencesResponse,
  type UpdatePreferencesRequest,
  weatherPreferencesSchema,
} from '@site/contract';
import type { PreferencesRepository, StoredPreferences } from './preferences.repository.js';

/**
 * docs/api.md#preferences: what is stored, over the defaults, key by key. A stored value that is
 * no longer valid (a unit since removed) falls back to its default rather than failing.
 */
export function withDefaults(stored: StoredPreferences): PreferencesResponse['weather'] {
  const weather = stored.weather;
  const out = { ...DEFAULT_PREFERENCES.weather };
  if (weather === null || typeof weather !== 'object') return out;
  const shape = weatherPreferencesSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const parsed = shape[key].safeParse((weather as Record<string, unknown>)[key]);
    if (parsed.success) Object.assign(out, { [key]: parsed.data });
  }
  return out;
}

export function preferencesService(repository: PreferencesRepository) {
  const answer = (stored: StoredPreferences, updatedAt: string | null): PreferencesResponse => ({
    weather: withDefaults(stored),
    updated_at: updatedAt,
  });
  return {
    async get(userId: number): Promise<PreferencesResponse> {
      const row = await repository.get(userId);
      return answer(row?.value ?? {}, row?.updatedAt ?? null);
    },

    /** Merges the given keys into what is stored; sections and keys not given are left alone. */
    async update(userId: number, change: UpdatePreferencesRequest): Promise<PreferencesResponse> {
      const row = await repository.update(userId, (current) => {
        const next: StoredPreferences = { ...current };
        if (change.weather) {
          const before = current.weather;
          const base = before !== null && typeof before === 'object' && !Array.isArray(before) ? before : {};
          next.weather = { ...base, ...change.weather };
        }
        return next;
      });
      return answer(row.value, row.updatedAt);
    },
  };
}

import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type PreferencesResponse,
  sudokuPreferencesSchema,
  type UpdatePreferencesRequest,
  weatherPreferencesSchema,
} from '@site/contract';
import type { PreferencesRepository, StoredPreferences } from './preferences.repository.js';

/** One key's schema: all this file needs of zod, which the contract owns. */
interface Field {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/** Each app's section of the document: its schema (one field per key) and its defaults. */
const SECTIONS = {
  weather: weatherPreferencesSchema,
  sudoku: sudokuPreferencesSchema,
} satisfies { [K in keyof Preferences]: { shape: Record<string, Field> } };
type Section = keyof typeof SECTIONS;
const SECTION_NAMES = Object.keys(SECTIONS) as Section[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * docs/api.md#preferences: one section as stored, over its defaults, key by key. A stored value
 * that is no longer valid (a unit since removed) falls back to its default rather than failing, and
 * a section never stored (a document from before the section existed) is all defaults.
 */
export function sectionWithDefaults<S extends Section>(section: S, stored: StoredPreferences): Preferences[S] {
  const out: Record<string, unknown> = { ...DEFAULT_PREFERENCES[section] };
  const value = stored[section];
  if (!isObject(value)) return out as Preferences[S];
  const shape: Record<string, Field> = SECTIONS[section].shape;
  for (const [key, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(value[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Preferences[S];
}

export function preferencesService(repository: PreferencesRepository) {
  const answer = (stored: StoredPreferences, updatedAt: string | null): PreferencesResponse => ({
    weather: sectionWithDefaults('weather', stored),
    sudoku: sectionWithDefaults('sudoku', stored),
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
        for (const section of SECTION_NAMES) {
          const keys = change[section];
          if (!keys) continue;
          const before = current[section];
          next[section] = { ...(isObject(before) ? before : {}), ...keys };
        }
        return next;
      });
      return answer(row.value, row.updatedAt);
    },
  };
}

export type PreferencesService = ReturnType<typeof preferencesService>;

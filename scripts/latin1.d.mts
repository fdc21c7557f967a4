/** Types of latin1.mjs for the web build's config (TypeScript). */
export function hasNonLatin1(code: string): boolean;
export function escapeNonLatin1(code: string, name: string): string;

/** Types of guide-script.mjs for deploy/kit.test.ts. */
export const SUBSTITUTIONS: [RegExp, string, string][];
export const PROSE: [string, string[], string[]][];
export function guideBlocks(text?: string): { section: string; text: string }[];
export function substituted(text?: string): string;
export function partScript(part: 'install' | 'upgrade' | 'restart', text?: string): string;

import { describe, expect, it } from 'vitest';
import { amber, backgrounds, DARK_YELLOW_LIGHT, IRIS_DARK_TEXT, IRIS_FILLED, iris } from './palette';

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA_TEXT = 4.5;

describe('the iris palette (docs/decisions.md#site-identity-palette-and-heading-font)', () => {
  it('is ten shades from light to dark', () => {
    expect(iris).toHaveLength(10);
    for (let shade = 1; shade < 10; shade++) expect(luminance(iris[shade]!)).toBeLessThan(luminance(iris[shade - 1]!));
  });

  it('keeps white text on filled buttons at AA, and the hover shade too', () => {
    expect(contrast('#ffffff', iris[IRIS_FILLED]!)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast('#ffffff', iris[IRIS_FILLED + 1]!)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('gives AA text and links on both backgrounds', () => {
    expect(contrast(iris[IRIS_FILLED]!, backgrounds.light)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(iris[IRIS_DARK_TEXT]!, backgrounds.dark)).toBeGreaterThanOrEqual(AA_TEXT);
    // Mantine's own dark text shade would not have been enough: the reason for IRIS_DARK_TEXT.
    expect(contrast(iris[4]!, backgrounds.dark)).toBeLessThan(AA_TEXT);
  });

  it('keeps light badges and alerts readable: iris.9 on iris.1 (light), iris.0 and iris.2 on the dark tint', () => {
    expect(contrast(iris[9]!, iris[1]!)).toBeGreaterThanOrEqual(AA_TEXT);
    // Mantine's dark "light" background is iris.9 darkened by half: at most as light as iris.9.
    expect(contrast(iris[0]!, iris[9]!)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(iris[2]!, iris[9]!)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps the hero readable: white on iris.7–9, the amber role line on iris.7', () => {
    for (const shade of [7, 8, 9]) expect(contrast('#ffffff', iris[shade]!)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast('#f9d9a6', iris[7]!)).toBeGreaterThanOrEqual(AA_TEXT);
    // The accent is for shapes only: too light for text on white.
    expect(contrast(amber, backgrounds.light)).toBeLessThan(3);
  });

  it("keeps the dark scheme's yellow alerts readable, hovered too, and apart from the page", () => {
    expect(contrast(DARK_YELLOW_LIGHT.text, DARK_YELLOW_LIGHT.background)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(DARK_YELLOW_LIGHT.text, DARK_YELLOW_LIGHT.hover)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(DARK_YELLOW_LIGHT.background, backgrounds.dark)).toBeGreaterThan(1.2);
  });
});

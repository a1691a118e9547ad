// Issue 26 (accessibility, as `mint a11y` checks contrast): the theme colors of docs.json against the page
// backgrounds they are shown on, by the WCAG 2 contrast ratio.
import { diagnostic } from '../../diagnostics';
import { JString, JValue, valueOf } from '../../json/json-tree';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';

type Rgb = readonly [number, number, number];

/** `#RGB` or `#RRGGBB` (the forms docs.json takes) as red, green, blue 0–255; undefined for anything else. */
export function parseHexColor(value: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (!match) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d) : [match[1].slice(0, 2), match[1].slice(2, 4), match[1].slice(4, 6)];
  const [red, green, blue] = digits.map((d) => parseInt(d, 16));
  return [red, green, blue];
}

/** WCAG 2 relative luminance (sRGB channels linearised, weighted 0.2126, 0.7152, 0.0722). */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21: (lighter + 0.05) / (darker + 0.05). Not rounded: 4.48 fails 4.5. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function hex(rgb: Rgb): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** `base` with `tint` laid over it at `opacity`, each channel rounded (how the platform tints its backgrounds). */
function tinted(base: Rgb, tint: Rgb, opacity: number): Rgb {
  return base.map((c, i) => Math.round((1 - opacity) * c + opacity * tint[i])) as unknown as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const NEAR_BLACK: Rgb = [9, 9, 11]; // #09090b
/** What the platform takes for `colors.light` (and `colors.primary`) when they are not set. */
const DEFAULT_LIGHT: Rgb = [0x4a, 0xde, 0x80];
const DEFAULT_PRIMARY: Rgb = [0x16, 0xa3, 0x4a];

export interface Background {
  name: 'light' | 'dark';
  rgb: Rgb;
  /** The `background.color` value it comes from, when set. */
  node?: JString;
}

/**
 * The page backgrounds of light and dark mode, as `mint a11y` takes them: `background.color.light`/`.dark` when
 * set; else white, and #09090b tinted 2% with `colors.light`. The `linden` theme tints both 3% (white with
 * `colors.primary`, #09090b with `colors.light`); no other theme changes them. Undefined where a set value is no hex color.
 */
export function siteBackgrounds(root: JValue | undefined): Background[] {
  const colors = valueOf(root, 'colors');
  const set = valueOf(valueOf(root, 'background'), 'color');
  const linden = stringNode(valueOf(root, 'theme'))?.plain === 'linden';
  const found: Background[] = [];
  for (const name of ['light', 'dark'] as const) {
    const node = stringNode(valueOf(set, name));
    if (node) {
      const rgb = parseHexColor(node.plain);
      if (rgb) found.push({ name, rgb, node });
      continue;
    }
    const tint = name === 'light' ? (linden ? colorOf(colors, 'primary', DEFAULT_PRIMARY) : undefined) : colorOf(colors, 'light', DEFAULT_LIGHT);
    if (name === 'light' && !linden) found.push({ name, rgb: WHITE });
    else if (tint) found.push({ name, rgb: tinted(name === 'light' ? WHITE : NEAR_BLACK, tint, linden ? 0.03 : 0.02) });
  }
  return found;
}

function stringNode(value: JValue | undefined): JString | undefined {
  return value?.type === 'string' ? value : undefined;
}

/** A color of `holder`, its default when absent, undefined when it is no hex color. */
function colorOf(holder: JValue | undefined, key: string, fallback: Rgb): Rgb | undefined {
  const value = valueOf(holder, key);
  if (value === undefined) return fallback;
  return value.type === 'string' ? parseHexColor(value.plain) : undefined;
}

/** One comparison `mint a11y` makes: a color value against a background, and the ratio WCAG AA asks of it. */
export interface ContrastPair {
  node: JString;
  /** Where the color is set, for messages: `colors.primary`, `navigation.global.anchors[0].color.light`. */
  label: string;
  background: Background;
  ratio: number;
  /** 4.5 (AA, text) or 3 (AA, large text and interface parts: how `mint a11y` judges `colors.dark`). */
  needed: number;
}

/**
 * The comparisons of `mint a11y`: `colors.primary` on the light background and `colors.light` on the dark one
 * (4.5:1), `colors.dark` on both (3:1), and each global anchor's `color.light`/`.dark` on its mode's background (4.5:1).
 */
export function contrastPairs(root: JValue | undefined): ContrastPair[] {
  const backgrounds = siteBackgrounds(root);
  const light = backgrounds.find((b) => b.name === 'light');
  const dark = backgrounds.find((b) => b.name === 'dark');
  const pairs: ContrastPair[] = [];
  const compare = (value: JValue | undefined, label: string, background: Background | undefined, needed: number) => {
    const node = stringNode(value);
    const rgb = node && parseHexColor(node.plain);
    if (rgb && background) pairs.push({ node, label, background, ratio: contrastRatio(rgb, background.rgb), needed });
  };
  const colors = valueOf(root, 'colors');
  compare(valueOf(colors, 'primary'), 'colors.primary', light, 4.5);
  compare(valueOf(colors, 'light'), 'colors.light', dark, 4.5);
  compare(valueOf(colors, 'dark'), 'colors.dark', dark, 3);
  compare(valueOf(colors, 'dark'), 'colors.dark', light, 3);
  const anchors = valueOf(valueOf(valueOf(root, 'navigation'), 'global'), 'anchors');
  if (anchors?.type === 'array') {
    anchors.items.forEach((anchor, index) => {
      const color = valueOf(anchor, 'color');
      compare(valueOf(color, 'light'), `navigation.global.anchors[${index}].color.light`, light, 4.5);
      compare(valueOf(color, 'dark'), `navigation.global.anchors[${index}].color.dark`, dark, 4.5);
    });
  }
  return pairs;
}

/** `4.48:1 against the light background #ffffff`. */
export function contrastText(pair: ContrastPair): string {
  return `${pair.ratio.toFixed(2)}:1 against the ${pair.background.name} background ${hex(pair.background.rgb)}`;
}

export function neededText(pair: ContrastPair): string {
  return `WCAG AA needs ${pair.needed}:1 ${pair.needed === 3 ? 'for large text and interface parts' : 'for text'}`;
}

export function checkColorContrast({ model, report }: RuleContext): void {
  for (const pair of contrastPairs(model.root)) {
    if (pair.ratio >= pair.needed) continue;
    report(diagnostic('color-contrast', pair.node, `Low contrast: \`${pair.label}\` ${pair.node.plain} has ${contrastText(pair)}; ${neededText(pair)}`));
  }
}

export const rule: RuleModule = {
  folder: 'color-contrast',
  codes: { 'color-contrast': 'warning' },
  check: checkColorContrast,
};

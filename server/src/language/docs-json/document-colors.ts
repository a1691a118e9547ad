// Color swatches and a picker on the hex colors of docs.json (`colors`, `background.color`, `banner.color`:
// docs-json-settings note §3), for textDocument/documentColor and textDocument/colorPresentation.
import { Color, ColorInformation, ColorPresentation, TextEdit } from 'vscode-languageserver-types';
import { JValue, SourceFile, valueOf } from '../../checker';
import { rangeOfNode } from '../base/ranges';

/** The objects whose `light`, `dark` (and for `colors`, `primary`) values are hex colors. */
const COLOR_HOLDERS = [['colors'], ['background', 'color'], ['banner', 'color']];
const COLOR_KEYS = ['primary', 'light', 'dark'];
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function documentColors(root: JValue | undefined, file: SourceFile): ColorInformation[] {
  const found: ColorInformation[] = [];
  for (const keys of COLOR_HOLDERS) {
    const holder = keys.reduce<JValue | undefined>((node, key) => valueOf(node, key), root);
    for (const key of COLOR_KEYS) {
      const value = valueOf(holder, key);
      if (value?.type !== 'string' || value.file !== file || !HEX.test(value.plain)) continue;
      found.push({ range: rangeOfNode(value), color: colorOf(value.plain) });
    }
  }
  return found;
}

/** `#RRGGBB` for the picker's color (the platform takes no alpha channel), replacing the string with its quotes. */
export function colorPresentations(color: Color, range: ColorInformation['range']): ColorPresentation[] {
  const hex = `#${[color.red, color.green, color.blue].map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
  return [{ label: hex, textEdit: TextEdit.replace(range, JSON.stringify(hex)) }];
}

function colorOf(hex: string): Color {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [red, green, blue] = digits.map((d) => parseInt(d, 16) / 255);
  return { red, green, blue, alpha: 1 };
}

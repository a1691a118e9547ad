// What the translation-drift family (translation-structure, translation-outdated; issue 51) costs on a multilingual
// site with its page text: the whole check (docs.json and every page, MDX parse timed alone and added, as the families
// table does) with the family on and `off`, taking turns, in CPU time; and a keystroke in a translated page then its
// check. No multilingual site of ../shared/corpus-pages has page text, so the site is a folder given:
//   npx tsx bench/measure-translation-drift.ts --site DIR [--runs 5] [--keystrokes 60]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nameListsFile } from '../server/src/checker/icons/name-lists';
import { mdxVerdict } from '../server/src/checker/pages/mdx-parse';
import { mdxParseSkipped } from '../server/src/checker/pages/mdx-skipped';
import { createLanguageService } from '../server/src/language';
import { DEFAULT_SETTINGS, SeveritySetting } from '../server/src/project/project-settings';
import { wholeCheck } from './measure-page-checks';
import { median, round } from './stats';
import { arg, startedAs } from './started-as';
import { cpuMs } from './timing';

const FAMILY_OFF: Record<string, SeveritySetting> = { 'translation-structure': 'off', 'translation-outdated': 'off' };

export interface TranslationDriftFigures {
  site: string;
  pages: number;
  runs: number;
  /** The whole check with the family on, MDX parse included (ms CPU), and the family's part of it. */
  wholeMs: number;
  familyMs: number;
  familyShare: number;
  /** A keystroke in a translated page then its check, median (ms CPU), and the family's part of it. */
  keystrokeMs: number;
  keystrokeFamilyMs: number;
  /**
   * A keystroke in that page's source then its check and the checks of the pages it dropped (its translations, when
   * they were checked again), as the language server runs them, median (ms CPU), and the family's part of it.
   */
  sourceKeystrokeMs: number;
  sourceKeystrokeFamilyMs: number;
  /** The family's findings on the site. */
  findings: number;
}

export function measureTranslationDrift(site: string, runs: number, keystrokes: number, log: (line: string) => void = () => {}): TranslationDriftFigures {
  const nameLists = nameListsFile();
  const texts = pageTexts(site);
  const configs: [string, Record<string, SeveritySetting>][] = [['on', {}], ['off', FAMILY_OFF]];
  const whole = new Map<string, number[]>(configs.map(([name]) => [name, []]));
  for (let run = -1; run < runs; run++) {
    for (const [name, severity] of run % 2 ? configs : [...configs].reverse()) {
      const ms = cpuMs(() => wholeCheck(site, severity, { mdxParse: mdxVerdict, nameLists }));
      if (run >= 0) whole.get(name)!.push(ms);
    }
    log(`run ${run}: on ${round(whole.get('on')!.at(-1) ?? 0, 0)} ms, off ${round(whole.get('off')!.at(-1) ?? 0, 0)} ms`);
  }
  const parses: number[] = [];
  const parsed = texts.filter((text) => !mdxParseSkipped(text));
  for (let run = 0; run < Math.min(runs, 2); run++) parses.push(cpuMs(() => parsed.forEach((text) => mdxVerdict(text))));
  const mdxMs = median(parses);
  const onMs = median(whole.get('on')!) + mdxMs;
  const offMs = median(whole.get('off')!) + mdxMs;

  // A keystroke in the translated page with the most structure: its check compares it with its source again.
  const services = configs.map(([name, severity]) => {
    const service = createLanguageService({ nameLists });
    const project = service.projectAt(site);
    service.configure(project, { ...DEFAULT_SETTINGS, severity });
    service.check(project);
    const pages = service.checkPages(project);
    return { name, service, project, pages };
  });
  const findings = [...services[0].pages.byFile.values()].flat().filter((d) => String(d.code).startsWith('translation-s') || String(d.code) === 'translation-outdated').length;
  const translated = [...services[0].pages.byFile.entries()].find(([, ds]) => ds.some((d) => d.code === 'translation-structure'))?.[0];
  const file = translated;
  const sourceFile = file && services[0].pages.byFile.get(file)!.find((d) => d.code === 'translation-structure')!.data?.translationOf;
  const keystroke = typing(services, file, keystrokes);
  const sourceKeystroke = typing(services, sourceFile && path.join(site, String(sourceFile)), keystrokes);
  for (const { service } of services) service.dispose();
  const [keyOn, keyOff] = keystroke;
  const [sourceOn, sourceOff] = sourceKeystroke;
  return {
    site: path.basename(site),
    pages: texts.length,
    runs,
    wholeMs: round(onMs, 1),
    familyMs: round(onMs - offMs, 1),
    familyShare: round((onMs - offMs) / onMs, 3),
    keystrokeMs: round(keyOn, 3),
    keystrokeFamilyMs: round(keyOn - keyOff, 3),
    sourceKeystrokeMs: round(sourceOn, 3),
    sourceKeystrokeFamilyMs: round(sourceOn - sourceOff, 3),
    findings,
  };
}

/**
 * Keystrokes at the end of `file` (a line typed longer each time), each then the page's check and the checks of the
 * pages its change dropped, as the language server's `checkPage`: the medians with the family on and off.
 */
function typing(services: { name: string; service: ReturnType<typeof createLanguageService>; project: ReturnType<ReturnType<typeof createLanguageService>['projectAt']> }[], file: string | undefined, keystrokes: number): [number, number] {
  const times = new Map<string, number[]>(services.map(({ name }) => [name, []]));
  if (!file) return [0, 0];
  const uri = pathToFileURL(file).href;
  const text = fs.readFileSync(file, 'utf8');
  for (const { service, project } of services) {
    service.openDocument(uri, text);
    service.checkPages(project, [file], false);
    service.checkPages(project, service.takeDroppedPages(project), false);
  }
  for (let k = 0; k < keystrokes + 10; k++) {
    const typed = `${text}\n${'x'.repeat(k + 1)}\n`;
    for (const { name, service, project } of k % 2 ? services : [...services].reverse()) {
      const ms = cpuMs(() => {
        service.changeDocument(uri, typed);
        service.checkPages(project, [file], false);
        const dropped = service.takeDroppedPages(project).filter((page) => page !== file);
        if (dropped.length) service.checkPages(project, dropped, false);
      });
      if (k >= 10) times.get(name)!.push(ms);
    }
  }
  for (const { service } of services) service.closeDocument(uri);
  return [median(times.get('on')!), median(times.get('off')!)];
}

function pageTexts(root: string): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return texts;
}

if (startedAs('measure-translation-drift')) {
  const site = arg('--site');
  if (!site) {
    console.error('usage: npx tsx bench/measure-translation-drift.ts --site DIR [--runs 5] [--keystrokes 60]');
    process.exit(2);
  }
  const figures = measureTranslationDrift(path.resolve(site), Number(arg('--runs') ?? 5), Number(arg('--keystrokes') ?? 60), (line) => console.error(line));
  console.log(JSON.stringify(figures));
}

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { generateRepo } from '../../bench/generate-repo';
import { measureTyping } from '../../bench/measure-typing';
import { SeededRandom } from '../../bench/seeded-random';
import { answerProblem, Keystroke, pageEntriesOf, typingPlan } from '../../bench/typing-plan';
import { checkDocs, DocsWorkspace, LineMap, pageIdOf, scanDocsFolder } from '../../server/src/checker';
import { createLanguageService } from '../../server/src/language';
import { tempFolder as temp } from './temp-folders';

const SERVER = path.resolve(__dirname, '../../dist/server/server.js');

const repo = generateRepo({ entries: 400, seed: 5, dir: temp() });
const pageIds = [...scanDocsFolder(repo.root).all()].flatMap((file) => pageIdOf(file) ?? []).sort();

function planFor(text: string, count: number, seed = 7): Keystroke[] {
  const { model } = checkDocs(new DocsWorkspace(repo.root), text);
  return typingPlan(model.file.lines, pageEntriesOf(model), pageIds, count, new SeededRandom(seed));
}

/** The text after each keystroke, applied at its position in the text as typed so far. */
function typeAll(text: string, plan: Keystroke[]): string[] {
  const texts: string[] = [];
  for (const k of plan) {
    const at = new LineMap(text).offsetAt(k.at);
    text = text.slice(0, at) + k.char + text.slice(at);
    texts.push(text);
  }
  return texts;
}

function slice(text: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): string {
  const lines = new LineMap(text);
  return text.slice(lines.offsetAt(range.start), lines.offsetAt(range.end));
}

/** Every keystroke's positions hold in the text typed so far: the string's content, the cursor, what is typed. */
function assertPlanHolds(text: string, plan: Keystroke[]): void {
  const texts = typeAll(text, plan);
  for (const [i, k] of plan.entries()) {
    const typed = texts[i];
    const lines = new LineMap(typed);
    const start = lines.offsetAt(k.content.start);
    const end = lines.offsetAt(k.content.end);
    assert.equal(typed[start - 1], '"', `keystroke ${i}: the content starts after a quote`);
    assert.equal(typed[end], '"', `keystroke ${i}: the content ends before a quote`);
    assert.ok(!typed.slice(start, end).includes('"'), `keystroke ${i}: one string`);
    assert.equal(typed[lines.offsetAt(k.cursor) - 1], k.char, `keystroke ${i}: the cursor is just after the character`);
    assert.equal(slice(typed, { start: k.content.start, end: k.cursor }), k.typed, `keystroke ${i}: what is typed before the cursor`);
    const needle = k.typed.replace(/^\/+/, '');
    assert.ok(pageIds.some((id) => id.startsWith(needle) && id.length >= needle.length), `keystroke ${i}: "${k.typed}" begins a page id`);
  }
  // The last text is still JSON with every typed string in it.
  JSON.parse(texts[texts.length - 1]);
}

test('typing plan: keystrokes continue page ids, several in a row in one string, in different strings, at positions that hold as the text is typed', () => {
  const text = fs.readFileSync(path.join(repo.root, 'docs.json'), 'utf8');
  const plan = planFor(text, 60);
  assert.equal(plan.length, 60);
  assertPlanHolds(text, plan);
  const strings = plan.filter((k) => k.inBurst === 0).length;
  assert.ok(strings >= 10 && strings < 60, `${strings} strings`);
  assert.ok(plan.some((k) => k.inBurst >= 2), 'several keystrokes in a row in one string');
  // A string is typed into once, in one run of keystrokes.
  const runs = plan.filter((k, i) => i === 0 || plan[i - 1].entry !== k.entry).map((k) => k.entry);
  assert.equal(new Set(runs).size, runs.length);
  // Seeded: the same plan again; another seed types elsewhere.
  assert.deepEqual(planFor(text, 60), plan);
  assert.notDeepEqual(planFor(text, 60, 8), plan);
});

test('typing plan: on a docs.json written on one line, the strings typed into earlier shift the ones after them', () => {
  const text = JSON.stringify(JSON.parse(fs.readFileSync(path.join(repo.root, 'docs.json'), 'utf8')));
  const plan = planFor(text, 60);
  assert.ok(plan.every((k) => k.at.line === 0));
  assertPlanHolds(text, plan);
});

test('typing check: the service\'s answer to the edited text passes; its answer to the text before the edit is caught', () => {
  const text = fs.readFileSync(path.join(repo.root, 'docs.json'), 'utf8');
  const plan = planFor(text, 8);
  const texts = typeAll(text, plan);
  const uri = pathToFileURL(path.join(repo.root, 'docs.json')).href;
  const complete = (content: string, k: Keystroke) => {
    const service = createLanguageService();
    const [project] = service.addWorkspaceFolder(repo.root);
    service.openDocument(uri, content);
    service.check(project);
    return service.complete(project, uri, k.cursor, { snippets: true });
  };
  for (const [i, k] of plan.entries()) {
    assert.equal(answerProblem(complete(texts[i], k), k), undefined, `keystroke ${i}`);
    const before = i === 0 ? text : texts[i - 1];
    assert.match(answerProblem(complete(before, k), k) ?? 'passed', /not the string's content|no page offered/, `keystroke ${i}: the answer to the text before it`);
  }
  // Items that do not match what is typed, and no answer at all, are caught too.
  const k = plan[0];
  const right = complete(texts[0], k)!;
  const page = right.items.find((item) => item.kind === 17 /* File */)!;
  assert.match(answerProblem({ ...right, items: [...right.items, { ...page, label: 'zzz/qqq' }] }, k) ?? 'passed', /does not match/);
  assert.match(answerProblem(null, k) ?? 'passed', /no answer/);
  assert.match(answerProblem({ isIncomplete: false, items: [] }, k) ?? 'passed', /no page offered/);
});

test('typing figures: the real server over stdio, every answer for the edited text, against parseTree of the same text', async () => {
  const figures = await measureTyping(SERVER, 'synthetic-400', repo.root, 10, 2, 3);
  assert.equal(figures.keystrokes, 10);
  assert.equal(figures.wrongAnswers, 0, figures.firstWrong);
  assert.equal(figures.parseTreeRuns, 2);
  for (const key of ['firstMs', 'p50Ms', 'p95Ms', 'noEditP50Ms', 'noEditP95Ms', 'parseTreeMs', 'p95ToParseTree'] as const) {
    assert.ok(Number.isFinite(figures[key]) && figures[key] > 0, `${key}: ${figures[key]}`);
  }
  const ratio = figures.p95Ms / figures.parseTreeMs;
  assert.ok(Math.abs(figures.p95ToParseTree - ratio) <= ratio * 0.01, `${figures.p95ToParseTree} is p95 ÷ parseTree (${ratio})`);
  assert.ok(figures.medianItems > 0);
});

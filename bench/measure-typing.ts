import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { checkDocs, DocsWorkspace, pageIdOf, scanDocsFolder } from '../server/src/checker';
import { startLspSession } from './lsp-session';
import { SeededRandom } from './seeded-random';
import { median, percentile, round } from './stats';
import { timeInterleaved } from './timing';
import { answerProblem, Keystroke, pageEntriesOf, typingPlan } from './typing-plan';

/** Parses of the baseline before the timed ones. */
const PARSE_WARMUP = 3;

export interface TypingFigures {
  repo: string;
  docsJsonBytes: number;
  keystrokes: number;
  /** Strings typed into (a keystroke or several in a row in each). */
  strings: number;
  /** Milliseconds from sending the one-character `didChange` to the answer of the completion sent right after it. */
  firstMs: number;
  p50Ms: number;
  p95Ms: number;
  /** The same completion request sent again as soon as that answer came, with no edit in between. */
  noEditP50Ms: number;
  noEditP95Ms: number;
  /** jsonc-parser `parseTree` of the same docs.json text in the benchmark's process: median of `parseTreeRuns`, after 3 more. */
  parseTreeMs: number;
  parseTreeRuns: number;
  /** `p95Ms` ÷ `parseTreeMs`. */
  p95ToParseTree: number;
  medianItems: number;
  /** Answers (of both requests) that were not the completion of the edited text; their figures do not count. */
  wrongAnswers: number;
  firstWrong?: string;
}

/**
 * What a typing user feels: the server started as an editor starts it on `root`, then `keystrokes` one-character
 * incremental `didChange`s into page-path strings, each followed at once (not waiting for diagnostics) by a
 * completion request at the cursor just after the character; the next keystroke goes when the answer came.
 * After each answer the same request is sent again, with no edit, as a reference. Every answer is checked to be
 * the completion of the edited text (`answerProblem`).
 */
export async function measureTyping(serverScript: string, repo: string, root: string, keystrokes: number, parseRuns: number, seed: number): Promise<TypingFigures> {
  const { text, plan } = planTyping(root, keystrokes, seed);
  if (plan.length === 0) throw new Error(`no page-path string to type into in ${path.join(root, 'docs.json')}`);

  // The baseline, in this process before the server starts, so that the server's work does not slow it; after
  // warm-up parses, as the server's code is warm after its first keystrokes (the first parses of a text run slower).
  const parseTimes = (await timeInterleaved({ parseTree: () => parseTree(text) }, parseRuns, PARSE_WARMUP)).parseTree;
  const parseTreeMs = median(parseTimes);

  const session = await startLspSession(serverScript, root);
  const typed: number[] = [];
  const again: number[] = [];
  const items: number[] = [];
  let wrongAnswers = 0;
  let firstWrong: string | undefined;
  const judge = (problem: string | undefined) => {
    if (problem === undefined) return true;
    wrongAnswers++;
    firstWrong ??= problem;
    return false;
  };
  let firstMs = NaN;
  try {
    let version = 1;
    for (const keystroke of plan) {
      const start = performance.now();
      session.change(++version, keystroke.at, keystroke.at, keystroke.char);
      const answer = await session.complete(keystroke.cursor);
      const ms = performance.now() - start;
      if (judge(answerProblem(answer, keystroke))) {
        if (version === 2) firstMs = ms;
        typed.push(ms);
        items.push(answer?.items.length ?? 0);
      }
      const repeated = performance.now();
      const reference = await session.complete(keystroke.cursor);
      const referenceMs = performance.now() - repeated;
      if (judge(answerProblem(reference, keystroke))) again.push(referenceMs);
    }
  } finally {
    await session.close();
  }
  const p95Ms = percentile(typed, 95);
  return {
    repo,
    docsJsonBytes: fs.statSync(path.join(root, 'docs.json')).size,
    keystrokes: plan.length,
    strings: plan.filter((k) => k.inBurst === 0).length,
    firstMs: round(firstMs),
    p50Ms: round(percentile(typed, 50)),
    p95Ms: round(p95Ms),
    noEditP50Ms: round(percentile(again, 50)),
    noEditP95Ms: round(percentile(again, 95)),
    parseTreeMs: round(parseTreeMs),
    parseTreeRuns: parseTimes.length,
    p95ToParseTree: round(p95Ms / parseTreeMs, 3),
    medianItems: median(items),
    wrongAnswers,
    ...(firstWrong === undefined ? {} : { firstWrong }),
  };
}

/** The text as opened and the keystrokes; the model they come from is let go before anything is timed. */
function planTyping(root: string, keystrokes: number, seed: number): { text: string; plan: Keystroke[] } {
  const { model } = checkDocs(new DocsWorkspace(root));
  const pageIds = [...scanDocsFolder(root).all()].flatMap((file) => pageIdOf(file) ?? []).sort();
  return { text: model.file.text, plan: typingPlan(model.file.lines, pageEntriesOf(model), pageIds, keystrokes, new SeededRandom(seed)) };
}

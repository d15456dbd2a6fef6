/** The benchmark's report: Markdown tables on stdout (bench/RESULTS.md keeps the latest). */
import type { Query } from '../bench-sets';
import { accuracy, answerAtGlance, answerVisible } from './accuracy';
import { scopedEngine, unscopedEngine, type EngineSources } from './engines';
import type { JudgedFor } from './judged';
import type { Timing } from './latency';
import type { PaintsBySet } from './paints';
import { gz } from './size';
import type { TypingResult } from './typing';

/** What the benchmark measured. */
export interface BenchResults {
  sets: Map<string, Query[]>;
  /** The number of entries searched. */
  entries: number;
  /** The whole site's gzip size. */
  siteGz: number;
  sources: EngineSources;
  judgedFor: JudgedFor;
  /** List the lookups the app does not answer first. */
  showMisses: boolean;
  /** Whether Chromium ran (the timing columns are measured). */
  browser: boolean;
  timing: Map<string, Timing>;
  typing?: { result: TypingResult; sets: string[] };
  paints: PaintsBySet;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Accuracy per set and engine, as labelled then as judged; returns the miss lists to print at the end. */
function accuracyTables({ sets, sources, judgedFor, showMisses }: BenchResults): string[] {
  const accHead = ['set', 'engine', 'top-1', 'top-3', 'MRR', 'all games: top-1', 'top-3', 'MRR', 'game in play: top-1', 'top-3'];
  console.log(`| ${accHead.join(' | ')} |`);
  console.log(`|${accHead.map(() => '---').join('|')}|`);
  const missLists: string[] = [];
  const engines = [...sources.shipped.keys()].map((name) => ({
    name,
    scoped: scopedEngine(name, sources),
    unscoped: unscopedEngine(name, sources),
  }));
  const judgedRows: string[] = [];
  for (const [setName, list] of sets) {
    const judged = (q: Query) => judgedFor(setName, q);
    const isJudged = list.some(judged);
    for (const e of engines) {
      const a = accuracy(list, e.scoped);
      const u = accuracy(list, (q) => e.unscoped(q));
      const p = accuracy(list, (q, game) => e.unscoped(q, game));
      console.log(
        `| ${setName} | ${e.name} | ${pct(a.top1)} | ${pct(a.top3)} | ${a.mrr.toFixed(3)} | ${pct(u.top1)} | ${pct(u.top3)} | ${u.mrr.toFixed(3)} | ${pct(p.top1)} | ${pct(p.top3)} |`,
      );
      if (isJudged) {
        const ja = accuracy(list, e.scoped, judged);
        const ju = accuracy(list, (q) => e.unscoped(q), judged);
        const jp = accuracy(list, (q, game) => e.unscoped(q, game), judged);
        judgedRows.push(
          `| ${setName} | ${e.name} | ${pct(ja.top1)} | ${pct(ja.top3)} | ${ja.mrr.toFixed(3)} | ${pct(ju.top1)} | ${pct(ju.top3)} | ${ju.mrr.toFixed(3)} | ${pct(jp.top1)} | ${pct(jp.top3)} | ${ja.unjudged} / ${ju.unjudged} |`,
        );
        if (e.name === 'app' && showMisses)
          missLists.push(`\n${setName}, judged, scoped: not first: ${ja.misses.length}`, ...ja.misses.map((m) => `  ${m}`));
      }
      if (e.name === 'app' && showMisses) {
        missLists.push(
          `\n${setName}, scoped to the game: app lookups not answered first (#n: rank; MISS: not in the top 3): ${a.misses.length}`,
          ...a.misses.map((m) => `  ${m}`),
        );
        missLists.push(
          `\n${setName}, all games, the game in play: not answered first: ${p.misses.length}`,
          ...p.misses.map((m) => `  ${m}`),
        );
        missLists.push(
          `\n${setName}, all games: not answered in the top 3: ${u.misses.filter((m) => m.startsWith('MISS')).length}`,
          ...u.misses.filter((m) => m.startsWith('MISS')).map((m) => `  ${m}`),
        );
      }
    }
  }
  if (judgedRows.length) {
    console.log(
      '\nThe same with judged labels (the label, or any pooled entry the judge found to answer the lookup; last column: top-3 results nobody judged, scoped / all games):',
    );
    console.log('| set | engine | top-1 | top-3 | MRR | all games: top-1 | top-3 | MRR | game in play: top-1 | top-3 | unjudged |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of judgedRows) console.log(r);
  }
  return missLists;
}

/** Index size, load time and search latency per engine. */
function sizeTable({ sources, siteGz, timing, browser }: BenchResults): void {
  const sizeHead = ['engine', 'index gzip: largest game / all (of site)', 'load (largest game)', 'search per keystroke median', 'p95'];
  console.log(`\n| ${sizeHead.join(' | ')} |`);
  console.log(`|${sizeHead.map(() => '---').join('|')}|`);
  for (const name of sources.shipped.keys()) {
    const sizes = [...sources.shipped.get(name)!.values()].map(gz);
    const size = sizes.reduce((a, b) => a + b, 0);
    const t = timing.get(name) ?? { load: NaN, median: NaN, p95: NaN, max: NaN, keystrokes: 0 };
    console.log(
      `| ${name} | ${kb(Math.max(...sizes))} / ${kb(size)} (${pct(size / siteGz)}) | ${t.load.toFixed(0)} ms | ${t.median.toFixed(2)} ms | ${t.p95.toFixed(2)} ms |`,
    );
  }
  if (browser)
    console.log(`(Chromium, CPU 4x slower, ${[...timing.values()][0]?.keystrokes} keystrokes per engine: the engine's search call alone)`);
}

/** Whether the first result's snippet shows the answer (see answerVisible). */
function answerTable({ sets, sources }: BenchResults): void {
  console.log("\nAnswer in the first result's snippet (lookups asking a number or a yes/no; see answerVisible):");
  console.log('| set | lookups asking | answer visible before | after |');
  console.log('|---|---|---|---|');
  for (const [setName, list] of sets) {
    const a = answerVisible(list, sources.app);
    console.log(`| ${setName} | ${a.asked} | ${pct(a.before / a.asked)} | ${pct(a.after / a.asked)} |`);
  }
}

/** Whether the first card shows the answer's facts (sets with `facts`; see answerAtGlance). */
function glanceTable({ sets, sources }: BenchResults): void {
  const withFacts = [...sets].filter(([, list]) => list.some((q) => q.facts?.length));
  if (!withFacts.length) return;
  console.log('\nAnswer at a glance: lookups whose every fact is readable in the first card (title + snippet; see answerAtGlance):');
  console.log('| set | lookups with facts | scoped | all games, game in play |');
  console.log('|---|---|---|---|');
  for (const [setName, list] of withFacts) {
    const a = answerAtGlance(list, sources.app);
    console.log(`| ${setName} | ${a.asked} | ${pct(a.scoped / a.asked)} | ${pct(a.inPlay / a.asked)} |`);
  }
}

/** Keystroke to next paint in the header search box and in a plain field. */
function typingTable({ result, sets }: { result: TypingResult; sets: string[] }): void {
  const at = (list: number[], f: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    const v = sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))]!;
    return v < 16 ? '< 16 ms' : `${v.toFixed(0)} ms`;
  };
  const under = (list: number[]) => pct(list.filter((x) => x < 16).length / list.length);
  console.log(
    `\nKeystroke to next paint (Event Timing, as INP measures it), ${result.keys} keys of sets ${sets.join(', ')} typed into a rule page of each game, CPU 4x slower:`,
  );
  console.log('| field | p50 | p95 | max | keys under 16 ms |');
  console.log('|---|---|---|---|---|');
  for (const [name, list] of [
    ['header search box', result.box],
    ['plain text field, same page', result.plain],
  ] as const)
    console.log(`| ${name} | ${at(list, 0.5)} | ${at(list, 0.95)} | ${Math.max(...list).toFixed(0)} ms | ${under(list)} |`);
}

/** The all-games search page's first list with results vs the list it settles on. */
function paintsTable({ sets, paints, judgedFor }: BenchResults): void {
  console.log('\nAll-games search page (/search/?q=...), the first list with results vs the list it settles on, as labelled | judged:');
  const head = ['set', 'first: top-1', 'top-3', 'settled: top-1', 'top-3', 'judged first: top-1', 'top-3', 'settled: top-1', 'top-3'];
  console.log(`| ${[...head, 'top result changed', 'first results at (median)'].join(' | ')} |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [setName, out] of paints) {
    const list = sets.get(setName)!;
    const judged = (q: Query) => judgedFor(setName, q);
    const at = (which: 'first' | 'last') => (q: string, game: string) => out.get(`${game}\n${q}`)?.[which] ?? [];
    const [f, l] = [accuracy(list, at('first')), accuracy(list, at('last'))];
    const [jf, jl] = [accuracy(list, at('first'), judged), accuracy(list, at('last'), judged)];
    const changed = [...out.values()].filter((p) => p.first[0] !== p.last[0]).length;
    const times = [...out.values()]
      .map((p) => p.firstAt)
      .filter((t) => !Number.isNaN(t))
      .sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? NaN;
    const scores = [f, l, jf, jl].flatMap((x) => [pct(x.top1), pct(x.top3)]);
    console.log(`| ${setName} | ${scores.join(' | ')} | ${changed} of ${out.size} | ${median.toFixed(0)} ms |`);
  }
}

/** Prints every table of the report. */
export function report(results: BenchResults): void {
  const { sets, entries, siteGz, sources } = results;
  console.log(
    `${[...sets].map(([n, l]) => `${n} ${l.length}`).join(', ')} labelled lookups over ${entries} entries; site ${kb(siteGz)} gzip\n`,
  );
  const missLists = accuracyTables(results);
  sizeTable(results);
  answerTable(results);
  glanceTable(results);
  if (results.typing) typingTable(results.typing);
  if (results.paints.size) paintsTable(results);
  for (const alt of sources.alternatives.filter((a) => sources.shipped.has(a.name))) console.log(`\n${alt.name}: ${alt.description}`);
  for (const m of missLists) console.log(m);
}

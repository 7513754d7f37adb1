import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { dashboardAnswers } from './web/dashboard-answers.js';
import { lighthouseScores, type PageScores } from './web/lighthouse-scores.js';
import { scriptSizes, type ScriptSize } from './web/script-sizes.js';
import { serveStaticSite } from './web/static-site.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const resultsFile = new URL('../results/web.json', import.meta.url);

/** Each audited page: its Lighthouse performance target and the gzip JavaScript its first visit may load. */
const pages = [
  { path: '/', scoreTarget: 95, budgetKb: 120 },
  { path: '/crypto', scoreTarget: 95, budgetKb: 120 },
  { path: '/login', scoreTarget: 95, budgetKb: 150 },
  { path: '/signup', scoreTarget: 95, budgetKb: 150 },
  { path: '/forgot-password', scoreTarget: 95, budgetKb: 150 },
  // Signed in, against fixed API answers (see dashboard-answers.ts).
  { path: '/dashboard', scoreTarget: 90, budgetKb: 150 },
];
const tbtTargetMs = 150;

const { values: options } = parseArgs({
  options: {
    // Measure an existing build (e.g. a copy kept from before a change) instead of building the SPA.
    dist: { type: 'string' },
    // Lighthouse runs per page; the median performance run is reported (scores vary with the machine's load).
    runs: { type: 'string', default: '1' },
    page: { type: 'string', multiple: true },
    // Keep each page's whole Lighthouse report (JSON) in this directory, the last run's.
    reports: { type: 'string' },
  },
});
const runs = Number(options.runs);
const distDir = options.dist ?? fileURLToPath(new URL('../../frontend/dist/', import.meta.url));
const audited = options.page ? pages.filter((page) => options.page?.includes(page.path)) : pages;

if (!options.dist)
  execFileSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: repoRoot, stdio: 'inherit' });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const site = await serveStaticSite(distDir, dashboardAnswers());
const runsByPage = new Map<string, PageScores[]>();
try {
  for (let run = 0; run < runs; run += 1) {
    for (const scores of await lighthouseScores(
      site.url,
      audited.map((page) => page.path),
      options.reports,
    )) {
      runsByPage.set(scores.path, [...(runsByPage.get(scores.path) ?? []), scores]);
    }
  }
} finally {
  await site.close();
}

const median = (all: PageScores[]) =>
  [...all].sort((a, b) => a.performance - b.performance)[Math.floor(all.length / 2)] as PageScores;

type PageResult = (typeof pages)[number] & {
  scores: PageScores;
  performanceRuns: number[];
  scripts: ScriptSize[];
  gzipBytes: number;
};
const results: PageResult[] = [];
for (const page of audited) {
  const all = runsByPage.get(page.path) ?? [];
  const scores = median(all);
  const scripts = await scriptSizes(distDir, scores.scriptPaths);
  const gzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  results.push({ ...page, scores, performanceRuns: all.map((run) => run.performance), scripts, gzipBytes });
}

for (const page of results) {
  const verdict = page.gzipBytes <= page.budgetKb * 1024 ? 'within' : 'OVER';
  console.log(
    `\nJavaScript loaded by a first visit to ${page.path} (gzip; budget ${page.budgetKb} KB: ${verdict}):`,
  );
  for (const script of page.scripts)
    console.log(`  ${kb(script.gzipBytes).padStart(9)}  ${script.file}  ${script.chunk}`.trimEnd());
  console.log(`  ${kb(page.gzipBytes).padStart(9)}  total, ${page.scripts.length} files`);
}

console.log(
  `\nLighthouse, mobile emulation (performance >= 95, /dashboard >= 90; TBT <= ${tbtTargetMs} ms; median of ${runs} run(s)):`,
);
console.log(
  '  page               JS gzip  files  performance  accessibility  best practices     FCP ms     LCP ms     TBT ms',
);
for (const { path, scores, gzipBytes, scripts, performanceRuns } of results) {
  const performance =
    runs > 1 ? `${scores.performance} (${performanceRuns.join(' ')})` : String(scores.performance);
  console.log(
    `  ${path.padEnd(16)}  ${kb(gzipBytes).padStart(8)}  ${String(scripts.length).padStart(5)}  ${performance.padStart(11)}  ${String(scores.accessibility).padStart(13)}  ${String(scores.bestPractices).padStart(14)}  ${String(scores.metrics.firstContentfulPaint).padStart(9)}  ${String(scores.metrics.largestContentfulPaint).padStart(9)}  ${String(scores.metrics.totalBlockingTime).padStart(9)}`,
  );
}
for (const { path, scores } of results) {
  for (const error of scores.consoleErrors) console.log(`  console error on ${path}: ${error}`);
}

await mkdir(new URL('.', resultsFile), { recursive: true });
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      formFactor: 'mobile',
      runs,
      tbtTargetMs,
      pages: results.map(({ scripts, ...page }) => ({ ...page, files: scripts })),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWritten to ${fileURLToPath(resultsFile)}`);

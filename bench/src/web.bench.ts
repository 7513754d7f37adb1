import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { dashboardAnswers } from './web/dashboard-answers.js';
import { entryScripts, routeScripts, type ScriptSize } from './web/entry-scripts.js';
import { lighthouseScores } from './web/lighthouse-scores.js';
import { serveStaticSite } from './web/static-site.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const distDir = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));
const resultsFile = new URL('../results/web.json', import.meta.url);
const budgetGzipBytes = 150 * 1024;
const scoreTarget = 95;
const dashboardScoreTarget = 90;
const auditedPaths = ['/', '/crypto', '/login', '/dashboard'];
const dashboardModules = ['src/app/routes/dashboard/layout.tsx', 'src/app/routes/dashboard/home.tsx'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

execFileSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: repoRoot, stdio: 'inherit' });

function printScripts(title: string, scripts: ScriptSize[], budget?: number): number {
  const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  console.log(`\n${title}`);
  for (const script of scripts) console.log(`  ${kb(script.gzipBytes).padStart(9)}  ${script.file}`);
  const verdict =
    budget === undefined ? '' : ` (budget ${kb(budget)}: ${total <= budget ? 'within' : 'OVER'})`;
  console.log(`  ${kb(total).padStart(9)}  total${verdict}`);
  return total;
}

const scripts = await entryScripts(distDir);
const totalGzip = printScripts('JavaScript loaded by / (gzip):', scripts, budgetGzipBytes);
const dashboardScripts = await routeScripts(distDir, dashboardModules);
const dashboardGzip = printScripts('JavaScript loaded by /dashboard (gzip):', dashboardScripts);

// /dashboard is measured signed in, against fixed API answers (see dashboard-answers.ts).
const site = await serveStaticSite(distDir, dashboardAnswers());
let scores;
try {
  scores = await lighthouseScores(site.url, auditedPaths);
} finally {
  await site.close();
}

console.log(
  `\nLighthouse, mobile emulation (target >= ${scoreTarget}; /dashboard >= ${dashboardScoreTarget}):`,
);
console.log('  page        performance  accessibility  best practices     FCP ms     LCP ms     TBT ms');
for (const page of scores) {
  console.log(
    `  ${page.path.padEnd(10)}  ${String(page.performance).padStart(11)}  ${String(page.accessibility).padStart(13)}  ${String(page.bestPractices).padStart(14)}  ${String(page.metrics.firstContentfulPaint).padStart(9)}  ${String(page.metrics.largestContentfulPaint).padStart(9)}  ${String(page.metrics.totalBlockingTime).padStart(9)}`,
  );
}

for (const page of scores) {
  for (const error of page.consoleErrors) console.log(`  console error on ${page.path}: ${error}`);
}

await mkdir(new URL('.', resultsFile), { recursive: true });
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      entryJavaScript: { gzipBytes: totalGzip, budgetGzipBytes, files: scripts },
      dashboardJavaScript: { gzipBytes: dashboardGzip, files: dashboardScripts },
      lighthouse: {
        formFactor: 'mobile',
        target: scoreTarget,
        dashboardTarget: dashboardScoreTarget,
        pages: scores,
      },
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWritten to ${fileURLToPath(resultsFile)}`);

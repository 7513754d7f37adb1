import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { entryScripts } from './web/entry-scripts.js';
import { lighthouseScores } from './web/lighthouse-scores.js';
import { serveStaticSite } from './web/static-site.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const distDir = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));
const resultsFile = new URL('../results/web.json', import.meta.url);
const budgetGzipBytes = 150 * 1024;
const scoreTarget = 95;
const auditedPaths = ['/', '/crypto', '/login'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

execFileSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: repoRoot, stdio: 'inherit' });

const scripts = await entryScripts(distDir);
const totalGzip = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
console.log('\nJavaScript loaded by / (gzip):');
for (const script of scripts) console.log(`  ${kb(script.gzipBytes).padStart(9)}  ${script.file}`);
console.log(
  `  ${kb(totalGzip).padStart(9)}  total (budget ${kb(budgetGzipBytes)}: ${totalGzip <= budgetGzipBytes ? 'within' : 'OVER'})`,
);

const site = await serveStaticSite(distDir);
let scores;
try {
  scores = await lighthouseScores(site.url, auditedPaths);
} finally {
  await site.close();
}

console.log(`\nLighthouse, mobile emulation (target >= ${scoreTarget}):`);
console.log('  page        performance  accessibility  best practices');
for (const page of scores) {
  console.log(
    `  ${page.path.padEnd(10)}  ${String(page.performance).padStart(11)}  ${String(page.accessibility).padStart(13)}  ${String(page.bestPractices).padStart(14)}`,
  );
}

await mkdir(new URL('.', resultsFile), { recursive: true });
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      entryJavaScript: { gzipBytes: totalGzip, budgetGzipBytes, files: scripts },
      lighthouse: { formFactor: 'mobile', target: scoreTarget, pages: scores },
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWritten to ${fileURLToPath(resultsFile)}`);

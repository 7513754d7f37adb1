import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type PageScores = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Milliseconds of the metrics that make up the performance score. */
  metrics: { firstContentfulPaint: number; largestContentfulPaint: number; totalBlockingTime: number };
  /** What the page logged as errors, hydration mismatches of the pre-rendered pages among them. */
  consoleErrors: string[];
  /** The paths of every script the visit requested until the network was quiet (Lighthouse's trace ends there). */
  scriptPaths: string[];
};

const categories = ['performance', 'accessibility', 'best-practices'];

function chromiumPath(): string {
  return (
    process.env.CHROMIUM_PATH ??
    execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
  );
}

/**
 * Lighthouse's default run: a mid-range phone on a throttled mobile network. With `reportDir`, each page's
 * whole report (long tasks, script boot-up time, the main thread's work) is kept there as JSON.
 */
export async function lighthouseScores(
  baseUrl: string,
  paths: readonly string[],
  reportDir?: string,
): Promise<PageScores[]> {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: ['--headless', '--no-sandbox'] });
  try {
    const scores: PageScores[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      if (reportDir && result) {
        mkdirSync(reportDir, { recursive: true });
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
        writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(result.lhr));
      }
      const found = result?.lhr.categories;
      const score = (id: string) => Math.round((found?.[id]?.score ?? 0) * 100);
      const milliseconds = (id: string) => Math.round(result?.lhr.audits[id]?.numericValue ?? 0);
      const consoleErrors =
        (
          result?.lhr.audits['errors-in-console']?.details as
            { items?: { description?: string }[] } | undefined
        )?.items?.map((item) => item.description ?? '') ?? [];
      const requests =
        (
          result?.lhr.audits['network-requests']?.details as
            { items?: { url?: string; resourceType?: string }[] } | undefined
        )?.items ?? [];
      const scriptPaths = requests
        .filter((request) => request.resourceType === 'Script' && request.url?.startsWith(baseUrl))
        .map((request) => new URL(request.url ?? '').pathname);
      scores.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        metrics: {
          firstContentfulPaint: milliseconds('first-contentful-paint'),
          largestContentfulPaint: milliseconds('largest-contentful-paint'),
          totalBlockingTime: milliseconds('total-blocking-time'),
        },
        consoleErrors,
        scriptPaths: [...new Set(scriptPaths)],
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

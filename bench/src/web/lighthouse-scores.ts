import { execFileSync } from 'node:child_process';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type PageScores = { path: string; performance: number; accessibility: number; bestPractices: number };

const categories = ['performance', 'accessibility', 'best-practices'];

function chromiumPath(): string {
  return (
    process.env.CHROMIUM_PATH ??
    execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
  );
}

/** Lighthouse's default run: a mid-range phone on a throttled mobile network. */
export async function lighthouseScores(baseUrl: string, paths: readonly string[]): Promise<PageScores[]> {
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
      const found = result?.lhr.categories;
      const score = (id: string) => Math.round((found?.[id]?.score ?? 0) * 100);
      scores.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

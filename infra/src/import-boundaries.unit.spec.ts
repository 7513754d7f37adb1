import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { forbidden } = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs')) as {
  forbidden: NonNullable<ICruiseOptions['ruleSet']>['forbidden'];
};

/** A tree shaped like the repository's, small enough to break each rule of `npm run lint` on purpose. */
const files: Record<string, string> = {
  'frontend/src/features/deposits/deposit-form.ts':
    "import { plans } from '../withdrawals/plans.js';\nexport const form = plans;\n",
  'frontend/src/features/withdrawals/plans.ts': 'export const plans = [];\n',
  'frontend/src/components/button.ts':
    "import { plans } from '../features/withdrawals/plans.js';\nexport const button = plans;\n",
  'frontend/src/lib/ledger-use.ts':
    "import { money } from '../../../packages/ledger/src/money.js';\nexport const use = money;\n",
  'packages/ledger/src/money.ts':
    "import { log } from '../../../services/api/src/log.js';\nexport const money = log;\n",
  'packages/ledger/src/clock.ts':
    "import { readFileSync } from 'node:fs';\nexport const clock = readFileSync;\n",
  'packages/contracts/src/schema.ts':
    "import { money } from '../../ledger/src/money.js';\nexport const schema = money;\n",
  'packages/read-models/src/deposits/deposits.projection.ts':
    "import { money } from '../../../ledger/src/money.js';\nimport { log } from '../../../process-kit/src/log.js';\nexport const deposits = [money, log];\n",
  'packages/read-models/src/deposits/deposits.int.spec.ts':
    "import { randomUUID } from 'node:crypto';\nimport { deposits } from './deposits.projection.js';\nexport const spec = [randomUUID, deposits];\n",
  'packages/process-kit/src/log.ts': 'export const log = 1;\n',
  'services/api/src/log.ts':
    "import { projector } from '../../projector/src/projector.js';\nexport const log = projector;\n",
  'services/projector/src/projector.ts': 'export const projector = 1;\n',
  'services/api/src/accounts/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
  'services/api/src/accounts/b.ts': "import { a } from './a.js';\nexport const b = a;\n",
  'services/api/src/identity/index.ts': "export { users } from './persistence/users.js';\n",
  'services/api/src/identity/persistence/users.ts': 'export const users = [];\n',
  'services/api/src/identity/profile.ts':
    "import { deposits } from '../accounts/index.js';\nexport const profile = deposits;\n",
  'services/api/src/accounts/index.ts': "export { deposits } from './deposits.js';\n",
  'services/api/src/accounts/deposits.ts':
    "import { users } from '../identity/index.js';\nimport { users as rows } from '../identity/persistence/users.js';\nexport const deposits = [users, rows];\n",
  'services/api/src/shared/http/errors.ts':
    "import { users } from '../../identity/index.js';\nexport const errors = users;\n",
  'services/api/src/catalog/plans.ts': "import { app } from '../app.module.js';\nexport const plans = app;\n",
  'services/api/src/app.module.ts':
    "import { deposits } from './accounts/index.js';\nexport const app = deposits;\n",
};

let tree: string;
let violations: IViolation[];

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  const result = await cruise(['frontend', 'packages', 'services'], {
    baseDir: tree,
    validate: true,
    ruleSet: { forbidden },
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, not a report');
  violations = result.output.summary.violations;
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

function broken(rule: string): string[] {
  return violations
    .filter((violation) => violation.rule.name === rule)
    .map((violation) => `${violation.from} -> ${violation.to}`)
    .sort();
}

describe('npm run lint refuses', () => {
  it('a frontend feature importing another feature', () => {
    expect(broken('feature-imports-feature')).toEqual([
      'frontend/src/features/deposits/deposit-form.ts -> frontend/src/features/withdrawals/plans.ts',
    ]);
  });

  it('a shared frontend module importing a feature', () => {
    expect(broken('shared-frontend-imports-feature-or-app')).toEqual([
      'frontend/src/components/button.ts -> frontend/src/features/withdrawals/plans.ts',
    ]);
  });

  it('the frontend importing a package other than the contracts', () => {
    expect(broken('frontend-imports-server-code')).toEqual([
      'frontend/src/lib/ledger-use.ts -> packages/ledger/src/money.ts',
    ]);
  });

  it('a package importing a service, and the contracts importing another package', () => {
    expect(broken('package-imports-service')).toEqual([
      'packages/ledger/src/money.ts -> services/api/src/log.ts',
    ]);
    expect(broken('contracts-are-leaves')).toEqual([
      'packages/contracts/src/schema.ts -> packages/ledger/src/money.ts',
    ]);
  });

  it('a read model importing a package other than the ledger, the event store and the contracts (its tests may)', () => {
    expect(broken('read-model-imports-beyond-ledger-eventstore-contracts')).toEqual([
      'packages/read-models/src/deposits/deposits.projection.ts -> packages/process-kit/src/log.ts',
    ]);
  });

  it('the ledger reaching anything outside itself (here the file system)', () => {
    expect(broken('ledger-is-pure')).toEqual([
      'packages/ledger/src/clock.ts -> fs',
      'packages/ledger/src/money.ts -> services/api/src/log.ts',
    ]);
  });

  it('a service importing another service', () => {
    expect(broken('service-imports-service')).toEqual([
      'services/api/src/log.ts -> services/projector/src/projector.ts',
    ]);
  });

  it("an api context's internals imported from outside it, past its public index.ts", () => {
    expect(broken('api-context-deep-import')).toEqual([
      'services/api/src/accounts/deposits.ts -> services/api/src/identity/persistence/users.ts',
    ]);
  });

  it('an api context importing one beside or above it', () => {
    expect(broken('api-context-imports-upward')).toEqual([
      'services/api/src/identity/profile.ts -> services/api/src/accounts/index.ts',
    ]);
  });

  it("the api's shared modules importing a context, and a context importing the composition root", () => {
    expect(broken('api-shared-imports-context')).toEqual([
      'services/api/src/shared/http/errors.ts -> services/api/src/identity/index.ts',
    ]);
    expect(broken('api-imports-composition-root')).toEqual([
      'services/api/src/catalog/plans.ts -> services/api/src/app.module.ts',
    ]);
  });

  it('an import cycle', () => {
    expect(broken('no-circular')).toEqual([
      'services/api/src/accounts/a.ts -> services/api/src/accounts/b.ts',
    ]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The rules `npm run lint` breaks on this text, were it the file at `path`. */
async function brokenRules(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(repoRoot, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const THROWS_404 =
  "import { Injectable, NotFoundException } from '@nestjs/common';\n" +
  '@Injectable()\nexport class Plans {\n  find(): never {\n    throw new NotFoundException();\n  }\n}\n';

describe('npm run lint refuses a Nest HTTP exception below the HTTP edge', () => {
  it.each([
    'services/api/src/catalog/application/catalog-admin.ts',
    'services/api/src/accounts/queries/admin-read-models.ts',
    'services/api/src/shared/auth/some.guard.ts',
    'services/api/src/market/market-prices.ts',
  ])('in %s', async (path) => {
    expect(await brokenRules(path, THROWS_404)).toEqual(['no-restricted-imports']);
  });

  it('imported by namespace or from the exceptions folder', async () => {
    const path = 'services/api/src/identity/application/log-in.command.ts';
    expect(
      await brokenRules(
        path,
        "import * as nest from '@nestjs/common';\nexport const refused = nest.HttpException;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await brokenRules(
        path,
        "import { ConflictException } from '@nestjs/common/exceptions/index.js';\nexport const taken = ConflictException;\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it.each([
    'services/api/src/catalog/http/admin-catalog.controller.ts',
    'services/api/src/shared/http/access.guard.ts',
    'services/api/src/catalog/catalog.int.spec.ts',
  ])('but lets %s use one', async (path) => {
    expect(await brokenRules(path, THROWS_404)).toEqual([]);
  });

  it("and lets anything below the edge use the rest of '@nestjs/common'", async () => {
    expect(
      await brokenRules(
        'services/api/src/catalog/application/catalog.service.ts',
        "import { Inject, Injectable } from '@nestjs/common';\n@Injectable()\nexport class Catalog {\n  constructor(@Inject('DB') readonly db: unknown) {}\n}\n",
      ),
    ).toEqual([]);
  });
});

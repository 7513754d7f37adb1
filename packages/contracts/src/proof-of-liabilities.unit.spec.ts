import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { periodBounds } from './period-close.js';
import {
  buildMerkleSumTree,
  emptyTreeRoot,
  leafHash,
  NegativeBalanceError,
  proofPath,
  verifyLiabilityProof,
  verifyMemberProof,
  type LiabilityLeafInput,
} from './proof-of-liabilities.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const leaves: LiabilityLeafInput[] = [
  { accountId: '11111111-1111-4111-8111-111111111111', salt: 'a1', balance: 150_000n },
  { accountId: '22222222-2222-4222-8222-222222222222', salt: 'b2', balance: 0n },
  { accountId: '33333333-3333-4333-8333-333333333333', salt: 'c3', balance: 1_234n },
  { accountId: '44444444-4444-4444-8444-444444444444', salt: 'd4', balance: 99n },
  { accountId: '55555555-5555-4555-8555-555555555555', salt: 'e5', balance: 7_000_00n },
];

function proofFor(all: LiabilityLeafInput[], leaf: LiabilityLeafInput) {
  const tree = buildMerkleSumTree(all);
  return { leaf, path: proofPath(tree.levels, tree.leafIndex.get(leaf.accountId)!), root: tree.root };
}

describe('the Merkle sum tree of member balances', () => {
  it('hashes leaves and nodes as the README documents, with Node’s own SHA-256', () => {
    const [alice, bob] = leaves as [LiabilityLeafInput, LiabilityLeafInput];
    expect(leafHash(alice)).toBe(sha256(`ledgerstone-pol-leaf:a1:${alice.accountId}:150000`));
    const tree = buildMerkleSumTree([alice, bob]);
    const [first, second] = tree.levels[0]!;
    expect(tree.root).toEqual({
      hash: sha256(`ledgerstone-pol-node:${first!.hash}:${first!.sum}:${second!.hash}:${second!.sum}`),
      sum: 150_000n,
    });
    expect(tree.levels[0]!.map((node) => node.hash)).toEqual([leafHash(alice), leafHash(bob)].sort());
  });

  it('sums every balance into the root, carrying an odd node up unchanged', () => {
    const tree = buildMerkleSumTree(leaves);

    expect(tree.root.sum).toBe(150_000n + 0n + 1_234n + 99n + 700_000n);
    expect(tree.levels.map((level) => level.length)).toEqual([5, 3, 2, 1]);
    expect(tree.levels[1]![2]).toEqual(tree.levels[0]![4]);
  });

  it('has a fixed empty root and a single leaf as its own root', () => {
    expect(buildMerkleSumTree([]).root).toEqual(emptyTreeRoot);
    expect(emptyTreeRoot.hash).toBe(sha256('ledgerstone-pol-empty'));
    const only = leaves[0]!;
    expect(buildMerkleSumTree([only]).root).toEqual({ hash: leafHash(only), sum: only.balance });
    expect(verifyLiabilityProof(proofFor([only], only)).ok).toBe(true);
  });

  it('refuses a negative balance', () => {
    const negative = { accountId: 'x', salt: 's', balance: -1n };

    expect(() => buildMerkleSumTree([...leaves, negative])).toThrow(NegativeBalanceError);
  });
});

describe("a member's proof", () => {
  it('verifies for every member', () => {
    for (const leaf of leaves)
      expect(verifyLiabilityProof(proofFor(leaves, leaf))).toMatchObject({ ok: true });
  });

  it('fails with a tampered balance, salt or account id', () => {
    const proof = proofFor(leaves, leaves[2]!);

    expect(verifyLiabilityProof({ ...proof, leaf: { ...proof.leaf, balance: 1_235n } }).ok).toBe(false);
    expect(verifyLiabilityProof({ ...proof, leaf: { ...proof.leaf, salt: 'c4' } }).ok).toBe(false);
    expect(
      verifyLiabilityProof({ ...proof, leaf: { ...proof.leaf, accountId: leaves[0]!.accountId } }).ok,
    ).toBe(false);
  });

  it('fails with a tampered sibling sum or hash, a swapped side, a dropped step or another root', () => {
    const proof = proofFor(leaves, leaves[0]!);
    const [step, ...rest] = proof.path as [(typeof proof.path)[number], ...typeof proof.path];

    expect(verifyLiabilityProof({ ...proof, path: [{ ...step, sum: step.sum + 1n }, ...rest] }).ok).toBe(
      false,
    );
    expect(verifyLiabilityProof({ ...proof, path: [{ ...step, hash: '0'.repeat(64) }, ...rest] }).ok).toBe(
      false,
    );
    const swapped = step.side === 'left' ? 'right' : 'left';
    expect(verifyLiabilityProof({ ...proof, path: [{ ...step, side: swapped }, ...rest] }).ok).toBe(false);
    expect(verifyLiabilityProof({ ...proof, path: rest }).ok).toBe(false);
    expect(
      verifyLiabilityProof({ ...proof, root: { ...proof.root, sum: proof.root.sum - 1n } }),
    ).toMatchObject({
      ok: false,
      reason: 'The sums do not add up to the published total',
    });
  });

  it('fails with a negative balance or a negative sum on the path, even when the hashes were built for it', () => {
    // A tree built by hand around a negative leaf: the hashes add up, the sums are what must be refused.
    const negative = { accountId: 'x', salt: 's', balance: -500n };
    const other = leaves[0]!;
    const root = {
      hash: sha256(
        `ledgerstone-pol-node:${leafHash(negative)}:-500:${leafHash(other)}:${other.balance.toString()}`,
      ),
      sum: other.balance - 500n,
    };
    expect(
      verifyLiabilityProof({
        leaf: negative,
        path: [{ side: 'right', hash: leafHash(other), sum: other.balance }],
        root,
      }),
    ).toMatchObject({ ok: false, reason: 'The balance is below zero' });
    expect(
      verifyLiabilityProof({
        leaf: other,
        path: [{ side: 'left', hash: leafHash(negative), sum: -500n }],
        root,
      }),
    ).toMatchObject({ ok: false, reason: 'A sum on the path is below zero' });
  });

  it('verifies from the decimal amounts the API sends, and names a leaf hash that does not match', () => {
    const { leaf, path, root } = proofFor(leaves, leaves[3]!);
    const api = {
      root: root.hash,
      total: '8513.33',
      leaf: { account_id: leaf.accountId, salt: leaf.salt, balance: '0.99', hash: leafHash(leaf) },
      path: path.map((step) => ({
        side: step.side,
        hash: step.hash,
        sum: `${step.sum / 100n}.${(step.sum % 100n).toString().padStart(2, '0')}`,
      })),
    };

    expect(verifyMemberProof(api)).toMatchObject({ ok: true });
    expect(verifyMemberProof({ ...api, leaf: { ...api.leaf, balance: '1.00' } })).toMatchObject({
      ok: false,
    });
    expect(verifyMemberProof({ ...api, total: '8513.34' })).toMatchObject({ ok: false });
  });

  it('verifies for every member of trees of 1 to 40 members, whatever their balances', () => {
    let seed = 7n;
    const nextBalance = () => (seed = (seed * 48_271n) % 2_147_483_647n) * 1_000n;
    for (let size = 1; size <= 40; size += 1) {
      const members = Array.from({ length: size }, (_, index) => ({
        accountId: `member-${index}`,
        salt: `salt-${size}-${index}`,
        balance: index % 7 === 0 ? 0n : nextBalance(),
      }));
      const tree = buildMerkleSumTree(members);
      expect(tree.root.sum).toBe(members.reduce((sum, each) => sum + each.balance, 0n));
      for (const leaf of members) {
        const path = proofPath(tree.levels, tree.leafIndex.get(leaf.accountId)!);
        expect(path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(size)));
        expect(verifyLiabilityProof({ leaf, path, root: tree.root }).ok).toBe(true);
      }
    }
  });
});

describe('a period', () => {
  it('is a real UTC day or month, from its start to the next one', () => {
    expect(periodBounds('2026-11-26')).toEqual({
      kind: 'day',
      from: new Date('2026-11-26T00:00:00Z'),
      to: new Date('2026-11-27T00:00:00Z'),
    });
    expect(periodBounds('2026-12')).toEqual({
      kind: 'month',
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
    for (const wrong of ['2026-02-30', '2026-13', '2026-00', '26-11-01', '2026-11-26T00:00', '', '1999-12'])
      expect(periodBounds(wrong)).toBeNull();
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { periodBounds } from './period-close.js';
import {
  buildMerkleSumTree,
  emptyTreeRoot,
  leafHash,
  leafPositions,
  LEAVES_PER_MEMBER,
  memberLeaves,
  NegativeBalanceError,
  proofPath,
  splitBalance,
  verifyLiabilityProof,
  verifyMemberProof,
  type LeafRandomness,
  type LiabilityLeafInput,
  type MerkleSumTree,
} from './proof-of-liabilities.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A seeded generator (Park-Miller), so every run builds the same trees; the server uses node:crypto. */
function seeded(seed: bigint): LeafRandomness & { next(): bigint } {
  let state = seed;
  let salts = 0;
  const next = () => (state = (state * 48_271n) % 2_147_483_647n);
  return {
    next,
    upTo: (max) => ((next() << 31n) | next()) % (max + 1n),
    salt: () => `salt-${seed}-${(salts += 1)}`,
  };
}

const cents = (amount: bigint) => `${amount / 100n}.${(amount % 100n).toString().padStart(2, '0')}`;

/** The member's proof as the API sends it. */
function apiProof(tree: MerkleSumTree, accountId: string) {
  const positions = leafPositions(tree, accountId);
  const parts = positions.map((position) => tree.leaves[position]!);
  return {
    root: tree.root.hash,
    total: cents(tree.root.sum),
    account_id: accountId,
    balance: cents(parts.reduce((sum, leaf) => sum + leaf.balance, 0n)),
    leaves: positions.map((position, index) => ({
      salt: parts[index]!.salt,
      part: cents(parts[index]!.balance),
      hash: tree.levels[0]![position]!.hash,
      path: proofPath(tree.levels, position).map((step) => ({ ...step, sum: cents(step.sum) })),
    })),
  };
}

const leaves: LiabilityLeafInput[] = [
  { accountId: '11111111-1111-4111-8111-111111111111', salt: 'a1', balance: 150_000n },
  { accountId: '22222222-2222-4222-8222-222222222222', salt: 'b2', balance: 0n },
  { accountId: '33333333-3333-4333-8333-333333333333', salt: 'c3', balance: 1_234n },
  { accountId: '44444444-4444-4444-8444-444444444444', salt: 'd4', balance: 99n },
  { accountId: '55555555-5555-4555-8555-555555555555', salt: 'e5', balance: 7_000_00n },
];

function proofFor(all: LiabilityLeafInput[], leaf: LiabilityLeafInput) {
  const tree = buildMerkleSumTree(all);
  return { leaf, path: proofPath(tree.levels, leafPositions(tree, leaf.accountId)[0]!), root: tree.root };
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
        const path = proofPath(tree.levels, leafPositions(tree, leaf.accountId)[0]!);
        expect(path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(size)));
        expect(verifyLiabilityProof({ leaf, path, root: tree.root }).ok).toBe(true);
      }
    }
  });
});

describe("a member's balance split over several leaves", () => {
  it('is parts in whole cents, none below zero, adding up to the balance, none of them the whole balance', () => {
    const random = seeded(11n);
    for (const balance of [2n, 3n, 10n, 99n, 150_000n, 123_456_789_012n]) {
      for (let draw = 0; draw < 50; draw += 1) {
        const parts = splitBalance(balance, LEAVES_PER_MEMBER, random);
        expect(parts).toHaveLength(LEAVES_PER_MEMBER);
        expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(balance);
        expect(parts.every((part) => part >= 0n && part < balance)).toBe(true);
      }
    }
    expect(splitBalance(0n, 4, random)).toEqual([0n, 0n, 0n, 0n]);
    expect([...splitBalance(1n, 4, random)].sort()).toEqual([0n, 0n, 0n, 1n]);
  });

  it('gives every member, even one owed nothing, the same number of leaves, each with its own salt', () => {
    const leaves = memberLeaves(
      [
        { accountId: 'a', balance: 150_000n },
        { accountId: 'b', balance: 0n },
      ],
      seeded(5n),
    );

    expect(leaves.filter((leaf) => leaf.accountId === 'a')).toHaveLength(LEAVES_PER_MEMBER);
    expect(leaves.filter((leaf) => leaf.accountId === 'b').map((leaf) => leaf.balance)).toEqual([
      0n,
      0n,
      0n,
      0n,
    ]);
    expect(new Set(leaves.map((leaf) => leaf.salt)).size).toBe(leaves.length);
    expect(() => memberLeaves([{ accountId: 'c', balance: -1n }], seeded(5n))).toThrow(NegativeBalanceError);
  });

  it("verifies every member's proof: each leaf's path leads to the root and the parts add up to the balance", () => {
    const random = seeded(3n);
    const members = [150_000n, 0n, 1n, 1_234n, 700_000n].map((balance, index) => ({
      accountId: `${index + 1}`.repeat(8) + '-1111-4111-8111-111111111111',
      balance,
    }));
    const tree = buildMerkleSumTree(memberLeaves(members, random));

    expect(tree.root.sum).toBe(851_235n);
    for (const { accountId, balance } of members) {
      const proof = apiProof(tree, accountId);
      expect(proof.leaves).toHaveLength(LEAVES_PER_MEMBER);
      expect(proof.balance).toBe(cents(balance));
      expect(verifyMemberProof(proof)).toMatchObject({ ok: true });
    }
  });

  it('never shows a member, next to one of their leaves, a sibling whose sum is its owner’s whole balance', () => {
    const random = seeded(17n);
    for (let size = 1; size <= 30; size += 1) {
      const members = Array.from({ length: size }, (_, index) => ({
        accountId: `member-${index}`,
        balance: index % 5 === 0 ? 0n : 2n + (random.next() % (index % 2 === 0 ? 1_000n : 100_000_000n)),
      }));
      const balanceOf = new Map(members.map((member) => [member.accountId, member.balance]));
      const tree = buildMerkleSumTree(memberLeaves(members, random));
      expect(tree.root.sum).toBe(members.reduce((sum, member) => sum + member.balance, 0n));
      for (const { accountId } of members) {
        const proof = apiProof(tree, accountId);
        expect(verifyMemberProof(proof).ok).toBe(true);
        for (const position of leafPositions(tree, accountId)) {
          // The sibling of a leaf is a leaf: one random part of its owner's balance, never all of it.
          const sibling = tree.leaves[position % 2 === 0 ? position + 1 : position - 1];
          const owed = sibling ? balanceOf.get(sibling.accountId)! : 0n;
          if (sibling && owed > 0n) expect(sibling.balance).toBeLessThan(owed);
          const [step] = proofPath(tree.levels, position);
          expect(step?.sum).toBe(sibling?.balance);
        }
      }
    }
  });

  it('fails when any part is changed, a cent moved between parts, the balance changed or a leaf repeated', () => {
    const members = [
      { accountId: '11111111-1111-4111-8111-111111111111', balance: 150_000n },
      { accountId: '22222222-2222-4222-8222-222222222222', balance: 50_000n },
    ];
    const tree = buildMerkleSumTree(memberLeaves(members, seeded(23n)));
    const proof = apiProof(tree, members[0]!.accountId);
    const withLeaf = (index: number, change: Partial<(typeof proof.leaves)[number]>) => ({
      ...proof,
      leaves: proof.leaves.map((leaf, at) => (at === index ? { ...leaf, ...change } : leaf)),
    });
    const plusCent = (amount: string) => cents(centsOf(amount) + 1n);
    const centsOf = (amount: string) => BigInt(amount.replace('.', ''));

    for (let index = 0; index < proof.leaves.length; index += 1) {
      expect(verifyMemberProof(withLeaf(index, { part: plusCent(proof.leaves[index]!.part) }))).toMatchObject(
        {
          ok: false,
          reason: 'The leaf does not match its salt, account id and part',
        },
      );
    }
    const [from, to] = [proof.leaves.findIndex((leaf) => leaf.part !== '0.00'), 0];
    const moved = withLeaf(from, { part: cents(centsOf(proof.leaves[from]!.part) - 1n) });
    const target = from === to ? 1 : to;
    moved.leaves[target] = { ...moved.leaves[target]!, part: plusCent(moved.leaves[target]!.part) };
    expect(verifyMemberProof(moved).ok).toBe(false);
    expect(verifyMemberProof({ ...proof, balance: plusCent(proof.balance) })).toMatchObject({
      ok: false,
      reason: 'The parts do not add up to your balance',
    });
    expect(
      verifyMemberProof({
        ...proof,
        balance: cents(150_000n + centsOf(proof.leaves[0]!.part)),
        leaves: [...proof.leaves, proof.leaves[0]!],
      }),
    ).toMatchObject({ ok: false, reason: 'A leaf is given twice' });
    expect(verifyMemberProof({ ...proof, total: plusCent(proof.total) })).toMatchObject({ ok: false });
    expect(verifyMemberProof({ ...proof, leaves: [] })).toMatchObject({
      ok: false,
      reason: 'The proof has no leaf',
    });
  });

  it('fails with a negative part, even when the hashes were built for it', () => {
    const accountId = '11111111-1111-4111-8111-111111111111';
    const negative = { accountId, salt: 'n', balance: -500n };
    const positive = { accountId, salt: 'p', balance: 1_500n };
    const [left, right] = [negative, positive].sort((a, b) => (leafHash(a) < leafHash(b) ? -1 : 1));
    const root = sha256(
      `ledgerstone-pol-node:${leafHash(left!)}:${left!.balance}:${leafHash(right!)}:${right!.balance}`,
    );
    const leafOf = (leaf: LiabilityLeafInput, sibling: LiabilityLeafInput) => ({
      salt: leaf.salt,
      part: leaf.balance < 0n ? '-5.00' : '15.00',
      hash: leafHash(leaf),
      path: [
        {
          side: leaf === left ? ('right' as const) : ('left' as const),
          hash: leafHash(sibling),
          sum: sibling.balance < 0n ? '-5.00' : '15.00',
        },
      ],
    });

    expect(
      verifyMemberProof({
        root,
        total: '10.00',
        account_id: accountId,
        balance: '10.00',
        leaves: [leafOf(negative, positive), leafOf(positive, negative)],
      }),
    ).toMatchObject({ ok: false, reason: 'The balance is below zero' });
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

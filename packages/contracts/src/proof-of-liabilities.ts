import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Proof of liabilities: a Merkle sum tree over every member's balance at a period's close. Each node carries a
 * hash and a sum; the root's sum is the total the platform publishes as owed to its members. Each member's balance
 * is split into LEAVES_PER_MEMBER random parts (whole cents, never below zero, adding up to the balance), each its
 * own leaf with its own random salt, and the leaves are ordered by hash, which scatters them. A member holds their
 * leaves and, for each, the siblings on the way up: if every path leads to the published root and total and the
 * parts add up to their balance, their balance is counted. A sibling's sum is only a random part of somebody's
 * balance and its hash names nobody. Runs the same in the browser and on the server.
 *
 * Encoding (every hash is SHA-256 over UTF-8 text, written as 64 lower-case hex digits; amounts are whole cents
 * as base-10 integers without sign, point or leading zeros, "150000" for $1,500.00):
 *   leaf  = SHA-256("ledgerstone-pol-leaf:" + salt + ":" + accountId + ":" + partCents)
 *   node  = SHA-256("ledgerstone-pol-node:" + left.hash + ":" + left.sum + ":" + right.hash + ":" + right.sum),
 *           sum = left.sum + right.sum
 *   empty = SHA-256("ledgerstone-pol-empty"), sum 0 (a close with no members)
 * Leaves are ordered by their hash; on a level with an odd number of nodes the last one moves up unchanged.
 */
export interface SumNode {
  hash: string;
  sum: bigint;
}

/** Every member, even one owed nothing, has this many leaves: the count of leaves tells nothing about anyone. */
export const LEAVES_PER_MEMBER = 4;

export interface LiabilityLeafInput {
  accountId: string;
  salt: string;
  /** This leaf's part of the member's balance, in whole cents; never below zero. */
  balance: bigint;
}

/** Where the randomness of a tree comes from: the server passes node:crypto, tests a seeded generator. */
export interface LeafRandomness {
  /** A uniformly random whole number from 0 up to and including `max`. */
  upTo(max: bigint): bigint;
  /** A fresh random salt, never reused. */
  salt(): string;
}

/** One step up from the leaf: the sibling's hash and sum, and on which side of the pair it stands. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
  sum: bigint;
}

export interface MerkleSumTree {
  /** Level 0 holds the leaves (ordered by hash), the last level the root alone. */
  levels: SumNode[][];
  root: SumNode;
  /** The leaves as built, in level 0's order: whose each one is, and its salt. */
  leaves: LiabilityLeafInput[];
}

export class NegativeBalanceError extends Error {
  constructor(readonly accountId: string) {
    super('A member balance below zero cannot be put in the proof of liabilities');
    this.name = 'NegativeBalanceError';
  }
}

/**
 * The balance as `count` random parts adding up to it: `count - 1` cuts drawn uniformly from 0 to the balance.
 * From two cents up no part is the whole balance (drawn again when one is), so no single leaf shows it.
 */
export function splitBalance(balance: bigint, count: number, random: LeafRandomness): bigint[] {
  if (balance < 0n) throw new RangeError('A balance below zero cannot be split');
  for (;;) {
    const cuts = Array.from({ length: count - 1 }, () => random.upTo(balance)).sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    const parts = [...cuts, balance].map((cut, index) => cut - (index === 0 ? 0n : cuts[index - 1]!));
    if (balance < 2n || count < 2 || parts.every((part) => part < balance)) return parts;
  }
}

/** Every member's leaves: their balance split in random parts, each with a fresh salt. */
export function memberLeaves(
  members: readonly { accountId: string; balance: bigint }[],
  random: LeafRandomness,
  count = LEAVES_PER_MEMBER,
): LiabilityLeafInput[] {
  return members.flatMap(({ accountId, balance }) => {
    if (balance < 0n) throw new NegativeBalanceError(accountId);
    return splitBalance(balance, count, random).map((part) => ({
      accountId,
      salt: random.salt(),
      balance: part,
    }));
  });
}

function digest(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

export function leafHash(leaf: LiabilityLeafInput): string {
  return digest(`ledgerstone-pol-leaf:${leaf.salt}:${leaf.accountId}:${leaf.balance.toString()}`);
}

export function parentNode(left: SumNode, right: SumNode): SumNode {
  return {
    hash: digest(`ledgerstone-pol-node:${left.hash}:${left.sum}:${right.hash}:${right.sum}`),
    sum: left.sum + right.sum,
  };
}

export const emptyTreeRoot: SumNode = { hash: digest('ledgerstone-pol-empty'), sum: 0n };

/** The tree over the given leaves (see memberLeaves); throws NegativeBalanceError for a part below zero. */
export function buildMerkleSumTree(leaves: readonly LiabilityLeafInput[]): MerkleSumTree {
  const hashed = leaves.map((leaf) => {
    if (leaf.balance < 0n) throw new NegativeBalanceError(leaf.accountId);
    return { leaf, node: { hash: leafHash(leaf), sum: leaf.balance } };
  });
  hashed.sort((a, b) => (a.node.hash < b.node.hash ? -1 : a.node.hash > b.node.hash ? 1 : 0));
  const ordered = hashed.map(({ leaf }) => leaf);
  if (hashed.length === 0) return { levels: [[emptyTreeRoot]], root: emptyTreeRoot, leaves: ordered };
  const levels: SumNode[][] = [hashed.map(({ node }) => node)];
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    const above: SumNode[] = [];
    for (let index = 0; index < below.length; index += 2) {
      const right = below[index + 1];
      above.push(right ? parentNode(below[index]!, right) : below[index]!);
    }
    levels.push(above);
  }
  return { levels, root: levels.at(-1)![0]!, leaves: ordered };
}

/** Where the account's leaves stand on level 0. */
export function leafPositions(tree: MerkleSumTree, accountId: string): number[] {
  return tree.leaves.flatMap((leaf, index) => (leaf.accountId === accountId ? [index] : []));
}

/** The siblings from the leaf at `index` up to the root (levels where it has none add no step). */
export function proofPath(levels: readonly (readonly SumNode[])[], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let at = index;
  for (const level of levels.slice(0, -1)) {
    const siblingAt = at % 2 === 0 ? at + 1 : at - 1;
    const sibling = level[siblingAt];
    if (sibling) path.push({ side: siblingAt < at ? 'left' : 'right', hash: sibling.hash, sum: sibling.sum });
    at = Math.floor(at / 2);
  }
  return path;
}

export interface LiabilityProofCheck {
  leaf: LiabilityLeafInput;
  path: readonly ProofStep[];
  root: SumNode;
}

export type LiabilityProofResult =
  { ok: true; root: SumNode } | { ok: false; reason: string; root: SumNode | null };

/** Recomputes the root from the leaf and its path, and compares it with the published root and total. */
export function verifyLiabilityProof({ leaf, path, root }: LiabilityProofCheck): LiabilityProofResult {
  if (leaf.balance < 0n) return { ok: false, reason: 'The balance is below zero', root: null };
  let node: SumNode = { hash: leafHash(leaf), sum: leaf.balance };
  for (const step of path) {
    if (step.sum < 0n) return { ok: false, reason: 'A sum on the path is below zero', root: null };
    const sibling = { hash: step.hash, sum: step.sum };
    node = step.side === 'left' ? parentNode(sibling, node) : parentNode(node, sibling);
  }
  if (node.hash !== root.hash) {
    return { ok: false, reason: 'The path does not lead to the published root', root: node };
  }
  if (node.sum !== root.sum) {
    return { ok: false, reason: 'The sums do not add up to the published total', root: node };
  }
  return { ok: true, root: node };
}

/** "1500.00" as whole cents (150000n); the API speaks decimal strings, the hashes whole cents. */
export function centsOfAmount(amount: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const cents = BigInt(`${match[2]}${match[3]}`);
  return match[1] ? -cents : cents;
}

/** A member's proof as the API gives it (decimal amounts): every leaf with its own path to the same root. */
export interface MemberProofInput {
  root: string;
  total: string;
  account_id: string;
  balance: string;
  leaves: readonly {
    salt: string;
    part: string;
    hash: string;
    path: readonly { side: 'left' | 'right'; hash: string; sum: string }[];
  }[];
}

export type MemberProofResult =
  | { ok: true; leaves: LiabilityProofResult[] }
  | { ok: false; reason: string; leaves: LiabilityProofResult[] };

/**
 * Checks each leaf (its hash, and its path to the published root and total) and that the parts add up to the
 * balance the proof names, each leaf counted once.
 */
export function verifyMemberProof(proof: MemberProofInput): MemberProofResult {
  const root = { hash: proof.root, sum: centsOfAmount(proof.total) };
  const leaves = proof.leaves.map((given): LiabilityProofResult => {
    const leaf = { accountId: proof.account_id, salt: given.salt, balance: centsOfAmount(given.part) };
    if (leaf.balance >= 0n && leafHash(leaf) !== given.hash) {
      return { ok: false, reason: 'The leaf does not match its salt, account id and part', root: null };
    }
    return verifyLiabilityProof({
      leaf,
      path: given.path.map((step) => ({ side: step.side, hash: step.hash, sum: centsOfAmount(step.sum) })),
      root,
    });
  });
  const failed = leaves.find((result) => !result.ok);
  if (failed && !failed.ok) return { ok: false, reason: failed.reason, leaves };
  if (leaves.length === 0) return { ok: false, reason: 'The proof has no leaf', leaves };
  if (new Set(proof.leaves.map((leaf) => leaf.hash)).size !== proof.leaves.length) {
    return { ok: false, reason: 'A leaf is given twice', leaves };
  }
  const parts = proof.leaves.reduce((sum, leaf) => sum + centsOfAmount(leaf.part), 0n);
  if (parts !== centsOfAmount(proof.balance)) {
    return { ok: false, reason: 'The parts do not add up to your balance', leaves };
  }
  return { ok: true, leaves };
}

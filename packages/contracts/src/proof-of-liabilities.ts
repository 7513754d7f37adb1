import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Proof of liabilities: a Merkle sum tree over every member's balance at a period's close. Each node carries a
 * hash and a sum; the root's sum is the total the platform publishes as owed to its members. A member holds
 * their leaf (salt, account id, balance) and the siblings on the way up, and recomputes the root: if it matches
 * the published root, their balance is counted in the published total. Salts are random per member per close,
 * so a sibling's hash tells nobody whose it is. Runs the same in the browser and on the server.
 *
 * Encoding (every hash is SHA-256 over UTF-8 text, written as 64 lower-case hex digits; amounts are whole cents
 * as base-10 integers without sign, point or leading zeros, "150000" for $1,500.00):
 *   leaf  = SHA-256("ledgerstone-pol-leaf:" + salt + ":" + accountId + ":" + balanceCents)
 *   node  = SHA-256("ledgerstone-pol-node:" + left.hash + ":" + left.sum + ":" + right.hash + ":" + right.sum),
 *           sum = left.sum + right.sum
 *   empty = SHA-256("ledgerstone-pol-empty"), sum 0 (a close with no members)
 * Leaves are ordered by their hash; on a level with an odd number of nodes the last one moves up unchanged.
 */
export interface SumNode {
  hash: string;
  sum: bigint;
}

export interface LiabilityLeafInput {
  accountId: string;
  salt: string;
  /** Whole cents; never below zero. */
  balance: bigint;
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
  /** Where each account's leaf stands on level 0. */
  leafIndex: Map<string, number>;
}

export class NegativeBalanceError extends Error {
  constructor(readonly accountId: string) {
    super('A member balance below zero cannot be put in the proof of liabilities');
    this.name = 'NegativeBalanceError';
  }
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

/** The tree over every member's leaf; throws NegativeBalanceError for a balance below zero. */
export function buildMerkleSumTree(leaves: readonly LiabilityLeafInput[]): MerkleSumTree {
  const hashed = leaves.map((leaf) => {
    if (leaf.balance < 0n) throw new NegativeBalanceError(leaf.accountId);
    return { accountId: leaf.accountId, node: { hash: leafHash(leaf), sum: leaf.balance } };
  });
  hashed.sort((a, b) => (a.node.hash < b.node.hash ? -1 : a.node.hash > b.node.hash ? 1 : 0));
  const leafIndex = new Map(hashed.map((leaf, index) => [leaf.accountId, index]));
  const levels: SumNode[][] = [hashed.map((leaf) => leaf.node)];
  if (hashed.length === 0) return { levels: [[emptyTreeRoot]], root: emptyTreeRoot, leafIndex };
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    const above: SumNode[] = [];
    for (let index = 0; index < below.length; index += 2) {
      const right = below[index + 1];
      above.push(right ? parentNode(below[index]!, right) : below[index]!);
    }
    levels.push(above);
  }
  return { levels, root: levels.at(-1)![0]!, leafIndex };
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

/** A member's proof as the API gives it (decimal amounts), checked against the root and total it names. */
export function verifyMemberProof(proof: {
  root: string;
  total: string;
  leaf: { account_id: string; salt: string; balance: string; hash: string };
  path: readonly { side: 'left' | 'right'; hash: string; sum: string }[];
}): LiabilityProofResult {
  const leaf = {
    accountId: proof.leaf.account_id,
    salt: proof.leaf.salt,
    balance: centsOfAmount(proof.leaf.balance),
  };
  if (leaf.balance >= 0n && leafHash(leaf) !== proof.leaf.hash) {
    return { ok: false, reason: 'The leaf does not match its salt, account id and balance', root: null };
  }
  return verifyLiabilityProof({
    leaf,
    path: proof.path.map((step) => ({ side: step.side, hash: step.hash, sum: centsOfAmount(step.sum) })),
    root: { hash: proof.root, sum: centsOfAmount(proof.total) },
  });
}

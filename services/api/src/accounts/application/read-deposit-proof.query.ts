import { StreamableFile } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROOF_EXTENSIONS, type ProofContentType } from '../domain/proof-type.js';
import { AccountLookup } from '../persistence/account-lookup.js';
import { ProofStorage } from './proof-storage.js';

/**
 * A deposit's proof, streamed from object storage as a download (never shown as a page of the site); with
 * `ownerId`, only that member's own.
 */
export class ReadDepositProofQuery extends Query<StreamableFile> {
  constructor(
    readonly depositId: string,
    readonly ownerId?: string,
  ) {
    super();
  }
}

@QueryHandler(ReadDepositProofQuery)
export class ReadDepositProofHandler implements IQueryHandler<ReadDepositProofQuery> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly proofs: ProofStorage,
  ) {}

  async execute({ depositId, ownerId }: ReadDepositProofQuery): Promise<StreamableFile> {
    const proof = await this.lookup.proof(depositId, ownerId);
    const type = proof.content_type as ProofContentType;
    return new StreamableFile(await this.proofs.open(proof.object_key), {
      type,
      length: proof.size_bytes,
      disposition: `attachment; filename="proof-${depositId}.${PROOF_EXTENSIONS[type]}"`,
    });
  }
}

import { createDatabase, rebuildProjection, type Projection } from '@ledgerstone/eventstore';

export interface CommandResult {
  exitCode: number;
  message: string;
}

/** `npm run projections:rebuild -- <name>`: replays the whole log into fresh tables and swaps them in. */
export async function rebuildCommand(
  name: string | undefined,
  available: readonly Projection[],
  databaseUrl: string,
): Promise<CommandResult> {
  const projection = available.find((candidate) => candidate.name === name);
  if (!projection) {
    const known = available.map((candidate) => candidate.name).join(', ') || 'none yet';
    const asked = name ? `Unknown projection "${name}"` : 'Name the projection to rebuild';
    return { exitCode: 2, message: `${asked}; known projections: ${known}` };
  }
  const db = createDatabase(databaseUrl);
  try {
    const { events } = await rebuildProjection(db, projection);
    return { exitCode: 0, message: `Rebuilt ${projection.name} from ${events} event(s)` };
  } finally {
    await db.destroy();
  }
}

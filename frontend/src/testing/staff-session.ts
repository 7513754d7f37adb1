export type StaffRole = 'admin' | 'auditor';

/** The staff member the web tests sign in as: what `GET /api/admin` answers for them. */
export function staffProfile(role: StaffRole) {
  return {
    id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@ledgerstone.local',
    role,
  };
}

/** That answer as the API stub takes it. */
export function staffSession(role: StaffRole) {
  return { status: 200, body: staffProfile(role) };
}

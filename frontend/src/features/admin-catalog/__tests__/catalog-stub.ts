export const staff = (role: 'admin' | 'auditor') => ({
  status: 200,
  body: {
    id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@ledgerstone.local',
    role,
  },
});

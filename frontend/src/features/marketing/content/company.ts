export const headOffice = {
  lines: ['12 Harbourside Walk', 'Bristol BS1 5TX', 'United Kingdom'],
  email: 'support@ledgerstone.local',
  latitude: 51.4497,
  longitude: -2.5981,
};

export type PolicySection = { title: string; paragraphs: readonly string[]; points?: readonly string[] };

export const privacyPolicyDates = { effective: '10-05-2020', lastUpdated: '10-05-2023' };

/** The twelve sections; the last five are published as headings only until their text is approved. */
export function privacyPolicySections(company: string): readonly PolicySection[] {
  return [
    {
      title: 'Introduction',
      paragraphs: [
        `${company} ("we", "us") respects your privacy. This policy explains what personal information we collect when you use our website and member services, why we collect it, and the choices you have.`,
      ],
    },
    {
      title: 'Information We Collect',
      paragraphs: [
        'We collect the information you give us and information created when you use our services:',
      ],
      points: [
        'Identity and contact details: first and last name, e-mail address and phone number.',
        'Account details: your password (stored only as a secure hash), referral code and settings.',
        'Financial details: deposits, withdrawals, plan investments and the wallet addresses you register for payouts.',
        'Technical details: IP address, browser type and the pages you visit, used to keep the service secure.',
      ],
    },
    {
      title: 'How We Use Your Information',
      paragraphs: ['We use your information to:'],
      points: [
        'open and run your member account and process your transactions;',
        'verify your identity and protect your account against fraud;',
        'send you messages about your account, such as confirmations and security notices;',
        'meet our legal and regulatory obligations;',
        'improve our website and services.',
      ],
    },
    {
      title: 'Sharing of Information',
      paragraphs: [
        'We do not sell your personal information. We share it only with service providers that help us run the service (hosting, e-mail delivery, payment processing), bound by contract to protect it, and with authorities when the law requires it.',
      ],
    },
    {
      title: 'Data Security',
      paragraphs: [
        'We protect your information with encryption in transit, hashed passwords, access controls and monitoring. No system is perfectly secure; if a breach affects your personal information, we will notify you and the relevant authority within 72 hours of becoming aware of it.',
      ],
    },
    {
      title: 'Data Retention',
      paragraphs: [
        'We keep personal information only as long as we need it for the purposes above. Financial records are retained for as long as the law requires, typically 5 to 7 years after the transaction, even after an account is closed; other personal data is erased when you close your account.',
      ],
    },
    {
      title: 'Your Privacy Rights',
      paragraphs: ['Depending on where you live, you may have the right to:'],
      points: [
        'access the personal information we hold about you;',
        'correct information that is wrong or incomplete;',
        'ask us to erase your information, subject to the records we must keep;',
        'object to or restrict certain processing;',
        'receive your information in a portable format.',
      ],
    },
    { title: 'International Data Transfers', paragraphs: [] },
    { title: 'Children’s Privacy', paragraphs: [] },
    { title: 'Third-Party Links', paragraphs: [] },
    { title: 'Updates to This Policy', paragraphs: [] },
    { title: 'Contact Us', paragraphs: [] },
  ];
}

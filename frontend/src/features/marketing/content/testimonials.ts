export type Testimonial = { id: string; name: string; job: string; feedback: string; sample: boolean };

/** Illustrative testimonials shipped with the site; each is shown marked as a sample. */
export const testimonials: readonly Testimonial[] = [
  {
    id: 'amelia-hart',
    name: 'Amelia Hart',
    job: 'Architect',
    feedback:
      'Every deposit and withdrawal is listed with its date and status, so I always know where my money is.',
    sample: true,
  },
  {
    id: 'daniel-okafor',
    name: 'Daniel Okafor',
    job: 'Software engineer',
    feedback:
      'Signing up took minutes and the dashboard is clear. Support answered my questions the same day.',
    sample: true,
  },
  {
    id: 'sofia-marin',
    name: 'Sofia Marin',
    job: 'Pharmacist',
    feedback:
      'I like that the risks are explained plainly. I invest only what I can afford to leave for a while.',
    sample: true,
  },
  {
    id: 'james-whitlock',
    name: 'James Whitlock',
    job: 'Retired teacher',
    feedback: 'The retirement page helped me understand my options before I decided anything.',
    sample: true,
  },
  {
    id: 'priya-nair',
    name: 'Priya Nair',
    job: 'Small business owner',
    feedback: 'Withdrawals are tracked from request to payment, and I get an e-mail at each step.',
    sample: true,
  },
];

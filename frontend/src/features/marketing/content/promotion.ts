import { paths } from '../../../config/paths.js';

/** The intro banner. Its words are content: change them here, never promise returns or giveaways. */
export const promotion = {
  headline: 'Open your member account today',
  text: 'Create an account in a few minutes, choose the plan that suits you and follow every movement of your money on record.',
  action: { label: 'Open an account', href: paths.auth.signup.path },
};

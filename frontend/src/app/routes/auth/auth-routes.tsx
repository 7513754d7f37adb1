import type { RouteObject } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { AdminLoginRoute } from './admin-login.js';
import { AdminForgotPasswordRoute, ForgotPasswordRoute } from './forgot-password.js';
import { LoginRoute } from './login.js';
import { AdminResetPasswordRoute, ResetPasswordRoute } from './reset-password.js';
import { SignupRoute } from './signup.js';
import { VerifyRoute } from './verify.js';

export const authRoutes: RouteObject[] = [
  { path: paths.auth.login.path, Component: LoginRoute },
  { path: paths.auth.signup.path, Component: SignupRoute },
  { path: paths.auth.verify.path, Component: VerifyRoute },
  { path: paths.auth.forgotPassword.path, Component: ForgotPasswordRoute },
  { path: paths.auth.resetPassword.path, Component: ResetPasswordRoute },
  { path: paths.auth.adminLogin.path, Component: AdminLoginRoute },
  { path: paths.auth.adminForgotPassword.path, Component: AdminForgotPasswordRoute },
  { path: paths.auth.adminResetPassword.path, Component: AdminResetPasswordRoute },
];

import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AuthHeading } from './auth-heading';

export function ForgotPasswordRoute() {
  return (
    <>
      <AuthHeading title="Forgot Password">
        Enter the email you sign in with. We will email you a temporary password.
      </AuthHeading>
      <ForgotPasswordForm />
    </>
  );
}

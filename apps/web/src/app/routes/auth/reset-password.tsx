import { useNavigate } from 'react-router';
import { FlashMessage, useFlashState } from '@/components/flash-message';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { clearSession, getUser } from '@/lib/session';
import { AuthHeading } from './auth-heading';

export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const { email } = useFlashState();
  return (
    <>
      <FlashMessage />
      <AuthHeading title="Reset Password">Enter your current password and choose a new one.</AuthHeading>
      <ResetPasswordForm
        defaultEmail={email ?? getUser()?.emailId ?? ''}
        onSuccess={() => {
          // A new password revokes the tokens issued before it.
          clearSession();
          navigate(paths.home.getHref(), { state: { message: 'Password reset successful!' } });
        }}
      />
    </>
  );
}

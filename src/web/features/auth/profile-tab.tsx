import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  LIMITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLE_LABELS,
} from '../../../domain/constants';
import { REQUIRED, maxLengthMessage, minLengthMessage } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import type { SessionUser } from './get-session';
import { useChangePassword } from './change-password';
import { useUpdateProfile } from './update-profile';

const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .min(LIMITS.name_min, minLengthMessage(LIMITS.name_min))
    .max(LIMITS.name_max, maxLengthMessage(LIMITS.name_max)),
});
type ProfileForm = z.infer<typeof profileSchema>;

export const newPasswordField = z
  .string()
  .min(1, REQUIRED)
  .min(PASSWORD_MIN_LENGTH, minLengthMessage(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, maxLengthMessage(PASSWORD_MAX_LENGTH));

const passwordSchema = z
  .object({
    current_password: z.string().min(1, REQUIRED),
    new_password: newPasswordField,
    confirm_password: z.string().min(1, REQUIRED),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  })
  .refine((form) => form.new_password !== form.current_password, {
    path: ['new_password'],
    message: 'New password must be different from the current password',
  });
type PasswordForm = z.infer<typeof passwordSchema>;

/** DESIGN §3 Profile: the user's name and password. */
export function ProfileTab({ user }: { user: SessionUser }) {
  return (
    <div className="grid gap-4">
      <ProfileCard user={user} />
      <ChangePasswordCard email={user.email} />
    </div>
  );
}

function ProfileCard({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name },
  });

  const onSubmit = (values: ProfileForm) => {
    update.mutate(values, {
      onSuccess: () => {
        reset(values);
        toast.success('Profile updated');
      },
      onError: (error) => {
        if (applyServerIssues(error, setError, ['name']) === 0) toast.error(error.message);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Your profile</CardTitle>
        <CardDescription>Your name shows in the navigation and in the audit trail.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className="grid gap-4"
          aria-label="Profile"
        >
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div className="grid gap-1">
              <dt className="font-medium text-muted-foreground">E-mail</dt>
              <dd className="break-all">{user.email}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="font-medium text-muted-foreground">Role</dt>
              <dd>{user.role ? ROLE_LABELS[user.role] : 'No role'}</dd>
            </div>
          </dl>
          <Field label="Name" required error={errors.name?.message} className="sm:max-w-md">
            <Input autoComplete="name" {...register('name')} />
          </Field>
          <div>
            <Button
              type="submit"
              disabled={!isDirty}
              loading={update.isPending}
              loadingText="Saving..."
            >
              <Save aria-hidden="true" />
              Save Profile
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ChangePasswordCard({ email }: { email: string }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = ({ current_password, new_password }: PasswordForm) => {
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          reset();
          toast.success('Password changed. Your other sessions were signed out.');
        },
        onError: (error) => {
          const placed = applyServerIssues(error, setError, ['current_password', 'new_password']);
          if (placed === 0) toast.error(error.message);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Change password</CardTitle>
        <CardDescription>
          Use at least {PASSWORD_MIN_LENGTH} characters. Changing it signs you out on every other
          device.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className="grid gap-4 sm:max-w-md"
          aria-label="Change password"
        >
          {/* Lets password managers tie the new password to the account. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={email}
            hidden
            readOnly
          />
          <Field label="Current password" required error={errors.current_password?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              {...register('current_password')}
            />
          </Field>
          <Field label="New password" required error={errors.new_password?.message}>
            <Input type="password" autoComplete="new-password" {...register('new_password')} />
          </Field>
          <Field label="Confirm new password" required error={errors.confirm_password?.message}>
            <Input type="password" autoComplete="new-password" {...register('confirm_password')} />
          </Field>
          <div>
            <Button type="submit" loading={change.isPending} loadingText="Changing...">
              <KeyRound aria-hidden="true" />
              Change Password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

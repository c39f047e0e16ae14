import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ROLE_LABELS, ROLES } from '../../../domain/constants';
import { Button } from '../../components/ui/button';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { createUserSchema, useCreateUser } from './create-user';
import type { CreateUser, CreateUserInput } from './create-user';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** DESIGN §3 Users and roles: an administrator creates a sign-in account with its role. */
export function CreateUserDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateUser();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CreateUserInput, unknown, CreateUser>({
    resolver: zodResolver(createUserSchema),
    defaultValues: { email: '', name: '', password: '', role: 'staff' },
  });

  const onOpenChange = (next: boolean) => {
    if (!next) reset();
    setOpen(next);
  };

  const onSubmit = (values: CreateUser) => {
    create.mutate(values, {
      onSuccess: () => {
        toast.success(`Account created for ${values.name}`);
        onOpenChange(false);
      },
      onError: (error) => {
        const placed = applyServerIssues(error, setError, ['email', 'name', 'password', 'role']);
        if (placed === 0) toast.error(error.message);
      },
    });
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create User"
      description="The new member of staff signs in with this e-mail and password. Share the password privately; they can change it under Settings, Profile."
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          Create User
        </Button>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Name" required error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <Field
          label="Password"
          description="At least 12 characters."
          required
          error={errors.password?.message}
        >
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label="Role" required error={errors.role?.message}>
          <Select options={ROLE_OPTIONS} {...register('role')} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} loadingText="Creating...">
            Create User
          </Button>
        </div>
      </form>
    </SimpleDialog>
  );
}

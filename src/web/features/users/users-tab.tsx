import { UserCheck, UserX, Users } from 'lucide-react';
import { useState } from 'react';
import { ROLE_LABELS, ROLES } from '../../../domain/constants';
import type { Role } from '../../../domain/constants';
import { DATE_FORMATS, formatDate } from '../../../domain/format';
import { ComponentError } from '../../components/errors/component-error';
import { errorMessage } from '../../components/errors/error-screen';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { CreateUserDialog } from './create-user-dialog';
import { useUsers } from './get-users';
import type { StaffUser } from './get-users';
import { useUpdateUser } from './update-user';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** DESIGN §3 Users and roles (administrators): accounts, roles, deactivation. */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const users = useUsers();
  const [confirming, setConfirming] = useState<StaffUser | null>(null);

  return (
    <Card>
      <CardHeader className="sm:flex sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h3">Users and roles</CardTitle>
          <CardDescription>
            Staff record bookings and payments; managers also edit and verify; owners also change
            settings and read the audit trail; administrators also manage users.
          </CardDescription>
        </div>
        <div className="mt-3 sm:mt-0 sm:shrink-0">
          <CreateUserDialog />
        </div>
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span role="status" className="sr-only">
              Loading users...
            </span>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-12" />
            ))}
          </div>
        ) : users.isError ? (
          <ComponentError
            description={`We couldn't load the users. ${errorMessage(users.error)}`}
            onRetry={() => void users.refetch()}
          />
        ) : users.data.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            icon={Users}
            title="No users yet"
            description="Create an account for each member of staff."
          />
        ) : (
          <ul
            aria-label="Users"
            className="grid divide-y divide-border rounded-lg border border-border"
          >
            {users.data.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === currentUserId}
                onToggleActive={() => setConfirming(user)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmActiveDialog user={confirming} onClose={() => setConfirming(null)} />
    </Card>
  );
}

function UserRow({
  user,
  isSelf,
  onToggleActive,
}: {
  user: StaffUser;
  isSelf: boolean;
  onToggleActive: () => void;
}) {
  const update = useUpdateUser();
  // Shows the chosen role while the change is saved (the list is read again afterwards).
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  return (
    // A list rather than a table: on a phone each account reads as a small card, on a wide
    // screen as a row.
    <li
      data-testid="user-row"
      className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_11rem_auto] md:items-center md:gap-4"
    >
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {user.name}
          {isSelf ? <Badge variant="secondary">You</Badge> : null}
          <Badge variant={user.is_active ? 'default' : 'outline'}>
            {user.is_active ? 'Active' : 'Inactive'}
          </Badge>
        </p>
        <p className="text-sm break-all text-muted-foreground">{user.email}</p>
        <p className="text-xs text-muted-foreground">
          Last sign-in:{' '}
          {user.last_sign_in_at ? formatDate(user.last_sign_in_at, DATE_FORMATS.withTime) : 'Never'}
        </p>
      </div>
      <Select
        aria-label={`Role of ${user.name}`}
        value={pendingRole ?? user.role ?? ''}
        placeholder={user.role ? undefined : 'No role'}
        options={ROLE_OPTIONS}
        // Administrators cannot demote themselves (the server refuses it too).
        disabled={isSelf || update.isPending}
        onChange={(event) => {
          const role = event.target.value as Role;
          setPendingRole(role);
          update.mutate(
            { id: user.id, role },
            {
              onSuccess: () => toast.success(`${user.name} is now ${ROLE_LABELS[role]}`),
              onSettled: () => setPendingRole(null),
            },
          );
        }}
      />
      <div className="md:min-w-36 md:text-right">
        {isSelf ? null : (
          <Button variant="outline" size="sm" onClick={onToggleActive}>
            {user.is_active ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
            {user.is_active ? 'Deactivate' : 'Reactivate'}
            <span className="sr-only"> {user.name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

function ConfirmActiveDialog({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const update = useUpdateUser();
  const deactivating = user?.is_active ?? true;
  return (
    <SimpleDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={deactivating ? `Deactivate ${user?.name ?? ''}?` : `Reactivate ${user?.name ?? ''}?`}
      description={
        deactivating
          ? 'They are signed out at once and cannot sign in until an administrator reactivates the account. Their records and audit history stay.'
          : 'They can sign in again with their current password and role.'
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={deactivating ? 'destructive' : 'default'}
            loading={update.isPending}
            loadingText={deactivating ? 'Deactivating...' : 'Reactivating...'}
            onClick={() => {
              if (!user) return;
              update.mutate(
                { id: user.id, is_active: !user.is_active },
                {
                  onSuccess: () => {
                    toast.success(`${user.name} ${user.is_active ? 'deactivated' : 'reactivated'}`);
                    onClose();
                  },
                },
              );
            }}
          >
            {deactivating ? 'Deactivate' : 'Reactivate'}
          </Button>
        </>
      }
    />
  );
}

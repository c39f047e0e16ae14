import type { Role } from '../../domain/constants';
import type { CreateUserInput, UpdateUserInput, UserDto } from '../../domain/schemas/user.schema';
import { type AppEvent, recordAppEvent } from '../audit/audit-events.service';
import {
  createStaffUser,
  endAllSessions,
  insertRoleRow,
  setRoleRowActive,
  updateUserName,
} from '../auth/users.service';
import type { AppTx } from '../db/client';
import type { AppDeps } from '../deps';
import { conflict, notFound, unauthorized } from '../errors';
import type { ActorContext } from '../http/request-context';
import {
  countActiveAdmins,
  findActiveUserEmails,
  findCurrentRoleRow,
  findUserRecord,
  listUsers,
  lockRoleChanges,
  type UserRecord,
} from './users.repository';

export const USER_MESSAGES = {
  notFound: 'User not found',
  selfDeactivate: 'You cannot deactivate your own account. Ask another administrator to do it.',
  selfDemote: 'You cannot remove your own administrator role. Ask another administrator to do it.',
  lastAdmin: 'The resort must keep at least one active administrator.',
} as const;

export function toUserDto(record: UserRecord): UserDto {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    is_active: record.is_active,
    two_factor_enabled: record.two_factor_enabled,
    created_at: record.created_at.toISOString(),
    last_sign_in_at: record.last_sign_in_at?.toISOString() ?? null,
  };
}

function audit(deps: AppDeps, context: ActorContext, event: AppEvent, tx?: AppTx) {
  return recordAppEvent(
    deps,
    {
      ...event,
      actor: context.actor,
      ipAddress: context.ipAddress,
      userAgent: context.userAgent,
      correlationId: context.correlationId,
    },
    tx,
  );
}

export async function listStaffUsers(
  deps: AppDeps,
  query: { page: number; page_size: number },
): Promise<{ data: UserDto[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await listUsers(deps.database.db, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { data: rows.map(toUserDto), total, page: query.page, page_size: query.page_size };
}

/**
 * Who to tell of something by e-mail: the active users of these roles (issue 19's conflicts), read
 * in the caller's transaction.
 */
export function listActiveUserEmails(tx: AppTx, roles: readonly Role[]): Promise<string[]> {
  return findActiveUserEmails(tx, roles);
}

/** An administrator creates an account with its role (409 when the e-mail exists). */
export async function createUser(
  deps: AppDeps,
  input: CreateUserInput,
  context: ActorContext,
): Promise<UserDto> {
  const created = await createStaffUser(deps.auth, deps.database, input, {
    transaction: context.transaction,
  });
  await audit(deps, context, {
    tableName: 'users',
    recordId: created.id,
    action: 'INSERT',
    eventType: 'user_created',
    description: `User ${created.email} created with role ${created.role}`,
    category: 'AUTHENTICATION',
    severity: 'INFO',
    newData: { email: created.email, name: created.name, role: created.role, is_active: true },
  });
  const record = await findUserRecord(deps.database.db, created.id);
  if (!record) throw notFound(USER_MESSAGES.notFound);
  return toUserDto(record);
}

/**
 * Role, active flag and name of a user, in one transaction. SPEC §6: one active role per user, so
 * a role change deactivates the old row and inserts a new one. Deactivating signs the user out
 * everywhere. An administrator can neither deactivate nor demote themselves, and no change may
 * leave the resort without an active administrator.
 */
export async function updateUser(
  deps: AppDeps,
  userId: string,
  input: UpdateUserInput,
  context: ActorContext,
): Promise<UserDto> {
  if (userId === context.actor.userId) {
    if (input.is_active === false) throw conflict(USER_MESSAGES.selfDeactivate);
    if (input.role !== undefined && input.role !== 'admin')
      throw conflict(USER_MESSAGES.selfDemote);
  }
  return context.transaction(async (tx) => {
    await lockRoleChanges(tx);
    const before = await findUserRecord(tx, userId);
    if (!before) throw notFound(USER_MESSAGES.notFound);
    const current = await findCurrentRoleRow(tx, userId);

    if (input.name !== undefined && input.name !== before.name) {
      await updateUserName(tx, userId, input.name);
    }

    const wasActive = current?.is_active ?? false;
    const wantActive = input.is_active ?? wasActive;
    const wantRole: Role = input.role ?? current?.role ?? 'staff';
    if (!current || wantRole !== current.role) {
      if (current?.is_active) await setRoleRowActive(tx, current.role_id, false);
      await insertRoleRow(tx, userId, wantRole, wantActive);
    } else if (wantActive !== current.is_active) {
      await setRoleRowActive(tx, current.role_id, wantActive);
    }
    if (wasActive && !wantActive) await endAllSessions(tx, userId);

    if ((await countActiveAdmins(tx)) === 0) throw conflict(USER_MESSAGES.lastAdmin);

    const after = await findUserRecord(tx, userId);
    if (!after) throw notFound(USER_MESSAGES.notFound);
    await auditUserChanges(deps, context, before, after, tx);
    return toUserDto(after);
  });
}

async function auditUserChanges(
  deps: AppDeps,
  context: ActorContext,
  before: UserRecord,
  after: UserRecord,
  tx: AppTx,
): Promise<void> {
  const base = { recordId: after.id, category: 'AUTHENTICATION' as const };
  if (before.role !== after.role) {
    await audit(
      deps,
      context,
      {
        ...base,
        tableName: 'users',
        action: 'UPDATE',
        eventType: 'role_changed',
        description: `Role of ${after.email} changed from ${before.role ?? 'none'} to ${after.role ?? 'none'}`,
        severity: 'WARNING',
        oldData: { role: before.role },
        newData: { role: after.role },
      },
      tx,
    );
  }
  if (before.is_active !== after.is_active) {
    await audit(
      deps,
      context,
      {
        ...base,
        tableName: 'users',
        action: 'UPDATE',
        eventType: after.is_active ? 'user_reactivated' : 'user_deactivated',
        description: after.is_active
          ? `User ${after.email} reactivated`
          : `User ${after.email} deactivated and signed out everywhere`,
        severity: after.is_active ? 'INFO' : 'WARNING',
        oldData: { is_active: before.is_active },
        newData: { is_active: after.is_active },
      },
      tx,
    );
  }
  if (before.name !== after.name) {
    await audit(
      deps,
      context,
      {
        ...base,
        tableName: 'users',
        action: 'UPDATE',
        eventType: 'user_updated',
        description: `Name of ${after.email} changed`,
        severity: 'INFO',
        oldData: { name: before.name },
        newData: { name: after.name },
      },
      tx,
    );
  }
}

/** Anyone signed in may change their own display name. */
export async function updateProfile(
  deps: AppDeps,
  input: { name: string },
  context: ActorContext,
): Promise<{ id: string; email: string; name: string; role: Role }> {
  return context.transaction(async (tx) => {
    const before = await findUserRecord(tx, context.actor.userId);
    if (!before) throw unauthorized();
    if (input.name !== before.name) {
      await updateUserName(tx, before.id, input.name);
      await audit(
        deps,
        context,
        {
          tableName: 'users',
          recordId: before.id,
          action: 'UPDATE',
          eventType: 'profile_updated',
          description: `${before.email} changed their name`,
          category: 'AUTHENTICATION',
          severity: 'INFO',
          oldData: { name: before.name },
          newData: { name: input.name },
        },
        tx,
      );
    }
    return { id: before.id, email: before.email, name: input.name, role: context.actor.role };
  });
}

import { todayInZone, type IsoDate } from '../../domain/dates';
import { hasRoleAtLeast } from '../../domain/constants';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import { isRecordId } from '../../domain/record-id';
import {
  stayRuleCreateSchema,
  type StayRuleCreate,
  type StayRuleDto,
  type StayRuleUpdate,
} from '../../domain/schemas/stay-rule.schema';
import { stayRuleViolations, type StayRule, type StayRuleViolation } from '../../domain/stay-rules';
import { recordAppEvent } from '../audit/audit-events.service';
import type { AppDb, AppTx, Database } from '../db/client';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AppError } from '../errors';
import { badRequest, forbidden, notFound, parseMergedPatch } from '../errors';
import type { ActorContext } from '../http/request-context';
import {
  deleteStayRuleRow,
  findAllStayRules,
  findStayRule,
  findStayRulesEndingFrom,
  findStayRulesTouching,
  insertStayRule,
  updateStayRuleRow,
  type NewStayRuleRow,
  type StayRuleRow,
} from './stay-rules.repository';

/**
 * Issue 21 point 1, DESIGN §8: stay rules (owners and administrators change them, every member
 * of staff reads them, guests see the ones not over) and their enforcement in the one booking
 * path and the quote (src/domain/stay-rules.ts decides; this reads the rules and answers 400,
 * or lets a manager book past them with an audited reason).
 */

type Deps = { database: Database; config: Config; clock: Clock };

export const STAY_RULE_NOT_FOUND = 'Stay rule not found';

const iso = (value: Date) => value.toISOString();

export function toStayRule(row: StayRuleRow): StayRule {
  return {
    stay_rule_id: row.stay_rule_id,
    unit_ids: row.unit_ids,
    from: row.from_date,
    to: row.to_date,
    min_nights: row.min_nights,
    max_nights: row.max_nights,
    closed_to_arrival: [...row.closed_to_arrival].sort((a, b) => a - b),
    closed_to_departure: [...row.closed_to_departure].sort((a, b) => a - b),
    min_days_ahead: row.min_days_ahead,
    max_days_ahead: row.max_days_ahead,
  };
}

function toDto(row: StayRuleRow): StayRuleDto {
  const rule = toStayRule(row);
  return {
    ...rule,
    unit_ids: [...rule.unit_ids],
    closed_to_arrival: [...rule.closed_to_arrival],
    closed_to_departure: [...rule.closed_to_departure],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function toRow(rule: StayRuleCreate): NewStayRuleRow {
  return {
    unit_ids: rule.unit_ids.map((id) => id.toLowerCase()),
    from_date: rule.from,
    to_date: rule.to,
    min_nights: rule.min_nights,
    max_nights: rule.max_nights,
    closed_to_arrival: rule.closed_to_arrival,
    closed_to_departure: rule.closed_to_departure,
    min_days_ahead: rule.min_days_ahead,
    max_days_ahead: rule.max_days_ahead,
  };
}

const resortToday = (deps: Deps): IsoDate => todayInZone(deps.config.timezone, deps.clock.now());

export async function listStayRules(deps: { database: Database }): Promise<StayRuleDto[]> {
  return (await findAllStayRules(deps.database.db)).map(toDto);
}

/** GET /api/public/stay-rules: the rules whose last day is today or later. */
export async function listCurrentStayRules(deps: Deps): Promise<StayRuleDto[]> {
  return (await findStayRulesEndingFrom(deps.database.db, resortToday(deps))).map(toDto);
}

export async function createStayRule(
  input: StayRuleCreate,
  context: ActorContext,
): Promise<StayRuleDto> {
  const row = await context.transaction((tx) => insertStayRule(tx, toRow(input)));
  return toDto(row);
}

/** PATCH: the merged rule is checked again as a new one (a minimum above the stored maximum). */
export async function updateStayRule(
  deps: { database: Database },
  id: string,
  patch: StayRuleUpdate,
  context: ActorContext,
): Promise<StayRuleDto> {
  if (!isRecordId(id)) throw notFound(STAY_RULE_NOT_FOUND);
  return context.transaction(async (tx) => {
    const current = await findStayRule(tx, id);
    if (!current) throw notFound(STAY_RULE_NOT_FOUND);
    const { stay_rule_id: _id, ...stored } = toStayRule(current);
    const merged = parseMergedPatch(stayRuleCreateSchema, stored, patch);
    const row = await updateStayRuleRow(tx, id, toRow(merged));
    if (!row) throw notFound(STAY_RULE_NOT_FOUND);
    return toDto(row);
  });
}

export async function deleteStayRule(id: string, context: ActorContext): Promise<void> {
  if (!isRecordId(id)) throw notFound(STAY_RULE_NOT_FOUND);
  const deleted = await context.transaction((tx) => deleteStayRuleRow(tx, id));
  if (!deleted) throw notFound(STAY_RULE_NOT_FOUND);
}

export type RuleCheckStay = {
  unit_ids: readonly string[];
  check_in: IsoDate;
  check_out: IsoDate;
};

/** The stay's violations of the rules, today in the resort's time zone. */
export async function stayRuleViolationsFor(
  deps: Deps,
  stay: RuleCheckStay,
  db: AppDb | AppTx = deps.database.db,
): Promise<StayRuleViolation[]> {
  const rules = (await findStayRulesTouching(db, stay.check_in, stay.check_out)).map(toStayRule);
  return stayRuleViolations(rules, { ...stay, today: resortToday(deps) });
}

/** The 400 of a stay that breaks a rule: the first message, each violation at its field. */
export function stayRuleError(violations: readonly StayRuleViolation[]): AppError {
  return badRequest(
    violations[0]!.message,
    violations.map((violation) => ({ path: violation.field, message: violation.message })),
  );
}

/**
 * Who asks and why, for a staff request that may book past a rule: managers and up with a
 * reason; staff sending one are refused (403); guests never pass one.
 */
export type RuleOverride = {
  reason: string | undefined;
  context: ActorContext;
};

/**
 * Enforces the stay rules on a booking request. Without an override a violation is the 400.
 * A reason from staff below manager is a 403 whether or not a rule is broken. With a manager's
 * reason the stay is allowed; the violations are returned so the caller audits them (and stores
 * the reason) once the booking exists (auditRuleOverride).
 */
export async function enforceStayRules(
  deps: Deps,
  stay: RuleCheckStay,
  override?: RuleOverride,
  db: AppDb | AppTx = deps.database.db,
): Promise<StayRuleViolation[]> {
  if (override?.reason !== undefined && !hasRoleAtLeast(override.context.actor.role, 'manager')) {
    throw forbidden(PERMISSION_MESSAGES.ruleOverride);
  }
  const violations = await stayRuleViolationsFor(deps, stay, db);
  if (violations.length === 0) return [];
  if (override?.reason === undefined) throw stayRuleError(violations);
  return violations;
}

/** DESIGN §8: a manager's booking past a stay rule is on the audit trail with its reason. */
export async function auditRuleOverride(
  deps: { database: Database },
  tx: AppTx,
  input: {
    bookingId: string;
    bookingReference: string;
    reason: string;
    violations: readonly StayRuleViolation[];
    context: ActorContext;
  },
): Promise<void> {
  const { context } = input;
  const recorded = await recordAppEvent(
    deps,
    {
      tableName: 'bookings',
      recordId: input.bookingId,
      action: 'UPDATE',
      eventType: 'stay_rule_override',
      description: `Booking ${input.bookingReference} made past stay rules (${input.violations
        .map((violation) => violation.message)
        .join('; ')}): ${input.reason}`,
      category: 'BOOKING',
      severity: 'WARNING',
      metadata: {
        reason: input.reason,
        rules: input.violations.map((violation) => ({
          stay_rule_id: violation.stay_rule_id,
          kind: violation.kind,
          message: violation.message,
        })),
      },
      actor: context.actor,
      ipAddress: context.ipAddress,
      userAgent: context.userAgent,
      correlationId: context.correlationId,
    },
    tx,
  );
  // An override that is not on the audit trail does not happen.
  if (!recorded.success) throw new Error(`stay rule override not audited: ${recorded.error}`);
}

import type { z } from 'zod';
import type { Role } from '../../domain/constants';
import {
  DEFAULT_PRICING_SETTINGS,
  type PricingSettings,
  pricingSettingsSchema,
} from '../../domain/pricing';
import type { SettingsPatch } from '../../domain/schemas/settings.schema';
import {
  DEFAULT_DEPOSIT_SETTINGS,
  depositSettingsSchema,
  type DepositSettings,
} from '../../domain/deposit';
import {
  type AccessSettings,
  accessSettingsSchema,
  DEFAULT_ACCESS_SETTINGS,
  DEFAULT_GENERAL_SETTINGS,
  type GeneralSettings,
  generalSettingsSchema,
} from '../../domain/settings';
import { changedFields, recordAppEvent } from '../audit/audit-events.service';
import type { Config } from '../config';
import type { AppDb, AppTx, Database } from '../db/client';
import { badRequest, type Issue } from '../errors';
import type { ActorContext } from '../http/request-context';
import { findSetting, upsertSetting } from './settings.repository';

export type AllSettings = {
  general: GeneralSettings;
  pricing: PricingSettings;
  access: AccessSettings;
};

type Section = keyof AllSettings;
const SECTION_NAMES: Record<Section, string> = {
  general: 'General',
  pricing: 'Pricing',
  access: 'Access',
};

export type SettingsService = {
  getGeneral(): Promise<GeneralSettings>;
  /** DESIGN §3/§4: seasons, weekend nights, discounts and taxes; SPEC §9 defaults. */
  getPricing(): Promise<PricingSettings>;
  /** Issue 17: `pricing.deposit`, the domain default when unset or no longer valid. */
  getDepositSettings(): Promise<DepositSettings>;
  getAll(): Promise<AllSettings>;
  /** True when revenue figures are to be left out of what this role is answered. */
  hidesRevenueFrom(role: Role | null | undefined): Promise<boolean>;
  /** Owners and administrators (DESIGN §5): validated, merged, stored and audited in one go. */
  update(patch: SettingsPatch, context: ActorContext): Promise<AllSettings>;
};

/**
 * A stored value merged over the defaults field by field: a field that no longer fits the schema
 * (after an upgrade, say) falls back to its default rather than breaking the pages that read it.
 */
function mergeStored<T extends object>(
  shape: Readonly<Record<string, z.ZodType>>,
  defaults: T,
  stored: unknown,
): T {
  if (!stored || typeof stored !== 'object') return defaults;
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(stored)) {
    const field = shape[key];
    if (field && field.safeParse(value).success) merged[key] = value;
  }
  return merged as T;
}

function validateMerged<T>(schema: z.ZodType<T>, section: Section, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues: Issue[] = parsed.error.issues.map((issue) => ({
    path: [section, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw badRequest(issues[0]!.message, issues);
}

/**
 * Settings are rows of the settings table (keys 'general', 'pricing' and 'access') merged over
 * the defaults.
 */
export function createSettingsService(deps: {
  database: Database;
  config: Config;
}): SettingsService {
  const generalDefaults: GeneralSettings = {
    ...DEFAULT_GENERAL_SETTINGS,
    timezone: deps.config.timezone,
  };

  const readGeneral = async (db: AppDb | AppTx) =>
    mergeStored(generalSettingsSchema.shape, generalDefaults, await findSetting(db, 'general'));
  const readPricing = async (db: AppDb | AppTx) =>
    mergeStored(
      pricingSettingsSchema.shape,
      DEFAULT_PRICING_SETTINGS,
      await findSetting(db, 'pricing'),
    );
  const readAccess = async (db: AppDb | AppTx) =>
    mergeStored(
      accessSettingsSchema.shape,
      DEFAULT_ACCESS_SETTINGS,
      await findSetting(db, 'access'),
    );

  const readDeposit = async (db: AppDb | AppTx): Promise<DepositSettings> => {
    const stored = (await findSetting(db, 'pricing')) as { deposit?: unknown } | null | undefined;
    const parsed = depositSettingsSchema.safeParse(stored?.deposit);
    return parsed.success ? parsed.data : DEFAULT_DEPOSIT_SETTINGS;
  };

  return {
    getGeneral: () => readGeneral(deps.database.db),
    getPricing: () => readPricing(deps.database.db),
    getDepositSettings: () => readDeposit(deps.database.db),
    async getAll() {
      return {
        general: await readGeneral(deps.database.db),
        pricing: await readPricing(deps.database.db),
        access: await readAccess(deps.database.db),
      };
    },
    async hidesRevenueFrom(role) {
      // Only the staff role: managers and up run the business and see its figures.
      if (role !== 'staff') return false;
      return (await readAccess(deps.database.db)).hide_revenue_from_staff;
    },
    async update(patch, context) {
      return context.transaction(async (tx) => {
        const before: AllSettings = {
          general: await readGeneral(tx),
          pricing: await readPricing(tx),
          access: await readAccess(tx),
        };
        const after: AllSettings = {
          general: patch.general
            ? validateMerged(generalSettingsSchema, 'general', {
                ...before.general,
                ...patch.general,
              })
            : before.general,
          pricing: patch.pricing
            ? validateMerged(pricingSettingsSchema, 'pricing', {
                ...before.pricing,
                ...patch.pricing,
              })
            : before.pricing,
          access: patch.access
            ? validateMerged(accessSettingsSchema, 'access', { ...before.access, ...patch.access })
            : before.access,
        };
        for (const key of ['general', 'pricing', 'access'] as const) {
          const changed = changedFields(before[key], after[key]) ?? [];
          if (changed.length === 0) continue;
          await upsertSetting(tx, key, after[key], context.actor.userId);
          await recordAppEvent(
            deps,
            {
              tableName: 'settings',
              recordId: key,
              action: 'UPDATE',
              eventType: 'system_config_changed',
              description: `${SECTION_NAMES[key]} settings changed: ${changed.join(', ')}`,
              category: 'SYSTEM',
              severity: 'INFO',
              oldData: before[key],
              newData: after[key],
              metadata: { key, changed_fields: changed },
              actor: context.actor,
              ipAddress: context.ipAddress,
              userAgent: context.userAgent,
              correlationId: context.correlationId,
            },
            tx,
          );
        }
        return after;
      });
    },
  };
}

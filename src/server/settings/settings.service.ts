import type { z } from 'zod';
import {
  DEFAULT_PRICING_SETTINGS,
  pricingSettingsSchema,
  type PricingSettings,
} from '../../domain/pricing';
import type { Role } from '../../domain/constants';
import {
  DEFAULT_DEPOSIT_SETTINGS,
  depositSettingsSchema,
  type DepositSettings,
} from '../../domain/deposit';
import {
  paymentInstructionsSchema,
  type PaymentInstructions,
} from '../../domain/schemas/payment-instructions.schema';
import { DEFAULT_PAYMENT_INSTRUCTIONS } from '../../domain/settings-defaults';
import {
  DEFAULT_ACCESS_SETTINGS,
  DEFAULT_GENERAL_SETTINGS,
  accessSettingsSchema,
  channelSettingsSchema,
  generalSettingsSchema,
  type AccessSettings,
  type ChannelSettings,
  type GeneralSettings,
} from '../../domain/settings';
import { recordAppEvent, changedFields } from '../audit/audit-events.service';
import type { Config } from '../config';
import type { AppDb, AppTx, Database } from '../db/client';
import { AppError, badRequest, type Issue } from '../errors';
import type { ActorContext } from '../http/request-context';
import { pricingWithDepositSchema, type SettingsPatch } from '../../domain/schemas/settings.schema';
import { findSetting, findSettings, upsertSetting } from './settings.repository';
import {
  DEFAULT_MESSAGES_SETTINGS,
  MESSAGE_KINDS,
  type MessagesSettings,
} from '../../domain/messages-catalog';
import {
  messageKindSettingsSchema,
  messagesSettingsSchema,
  type MessagesPatch,
} from '../../domain/schemas/message.schema';
import {
  DEFAULT_BILLING_SETTINGS,
  billingSettingsSchema,
  type BillingSettings,
} from '../../domain/schemas/document.schema';
import { DOCUMENT_MESSAGES } from '../../domain/documents';

/** Issue 17: Settings → Pricing also holds the deposit rule (stored in the pricing row). */
export type PricingWithDeposit = PricingSettings & { deposit: DepositSettings };

export type AllSettings = {
  general: GeneralSettings;
  pricing: PricingWithDeposit;
  access: AccessSettings;
  payment_instructions: PaymentInstructions;
  /** Issue 19: the channel feeds' polling interval. */
  channels: ChannelSettings;
  messages: MessagesSettings;
  /** Issue 20: the seller profile and the document mode (Settings → Billing). */
  billing: BillingSettings;
};

type Section = keyof AllSettings;
const SECTIONS: readonly Section[] = [
  'general',
  'pricing',
  'access',
  'payment_instructions',
  'channels',
  'messages',
  'billing',
];
const SECTION_NAMES: Record<Section, string> = {
  general: 'General',
  pricing: 'Pricing',
  access: 'Access',
  payment_instructions: 'Payment instructions',
  channels: 'Channel sync',
  messages: 'Messages',
  billing: 'Billing',
};

/**
 * Issue 20: invoices only once the system's BIR registration is entered (the acknowledgement
 * certificate number and date and the approved serial range), 422 with the fields' messages.
 */
function checkBilling(billing: BillingSettings): BillingSettings {
  const issues: Issue[] = [];
  if (billing.mode === 'invoice') {
    const message = DOCUMENT_MESSAGES.invoiceNeedsRegistration;
    if (billing.bir_ac_number.trim() === '')
      issues.push({ path: 'billing.bir_ac_number', message });
    if (billing.bir_ac_date === '') issues.push({ path: 'billing.bir_ac_date', message });
    if (billing.serial_from < 1) issues.push({ path: 'billing.serial_from', message });
    if (billing.serial_to < 1) issues.push({ path: 'billing.serial_to', message });
  }
  if (billing.serial_from > 0 && billing.serial_to > 0 && billing.serial_to < billing.serial_from) {
    issues.push({ path: 'billing.serial_to', message: DOCUMENT_MESSAGES.serialRange });
  }
  if (issues.length > 0) throw new AppError(422, issues[0]!.message, issues);
  return billing;
}

/** Issue 18: each kind merged over its default field by field, so a new kind starts as shipped. */
function mergeMessages(stored: unknown): MessagesSettings {
  const value = (stored ?? {}) as { kinds?: Record<string, unknown> };
  const top = mergeStored(
    messagesSettingsSchema.shape,
    { ...DEFAULT_MESSAGES_SETTINGS },
    { ...value, kinds: undefined },
  );
  const kinds = { ...DEFAULT_MESSAGES_SETTINGS.kinds };
  for (const kind of MESSAGE_KINDS) {
    kinds[kind] = mergeStored(
      messageKindSettingsSchema.shape,
      DEFAULT_MESSAGES_SETTINGS.kinds[kind],
      value.kinds?.[kind],
    );
  }
  return { ...top, kinds };
}

function patchMessages(before: MessagesSettings, patch: MessagesPatch): unknown {
  const kinds: Record<string, unknown> = { ...before.kinds };
  for (const [kind, value] of Object.entries(patch.kinds ?? {})) {
    kinds[kind] = { ...before.kinds[kind as keyof MessagesSettings['kinds']], ...value };
  }
  return {
    arrival_info: patch.arrival_info ?? before.arrival_info,
    review_url: patch.review_url ?? before.review_url,
    kinds,
  };
}

export type BookingSettings = {
  pricing: PricingSettings;
  deposit: DepositSettings;
  messages: MessagesSettings;
};

export type SettingsService = {
  getGeneral(db?: AppDb | AppTx): Promise<GeneralSettings>;
  /** DESIGN §3/§4: seasons, weekend nights, discounts and taxes; SPEC §9 defaults. */
  getPricing(): Promise<PricingSettings>;
  getAll(): Promise<AllSettings>;
  /** Issue 17: the deposit and balance rule (deposit.ts); DESIGN §8's default when unset. */
  getDepositSettings(): Promise<DepositSettings>;
  /** Issue 17: how guests pay (GCash, Maya, bank accounts, QR Ph code, note). */
  getPaymentInstructions(): Promise<PaymentInstructions>;
  /** Issue 19: the channel sync settings; the server's CHANNEL_SYNC_MINUTES when unset. */
  getChannelSettings(): Promise<ChannelSettings>;
  /**
   * Sets or clears the QR Ph code's public URL (the payment-qr service stores the file) in one
   * audited change; answers the URL it replaced.
   */
  setPaymentQrUrl(url: string | null, context: ActorContext): Promise<string | null>;
  /**
   * Issue 18: Settings → Messages, merged over the shipped templates; inside a transaction with
   * `db` (PGlite is one session: a read outside an open transaction would wait for it).
   */
  getMessages(db?: AppDb | AppTx): Promise<MessagesSettings>;
  /** Issue 20: Settings → Billing; inside a transaction with `db` (see getMessages). */
  getBilling(db?: AppDb | AppTx): Promise<BillingSettings>;
  /**
   * Issue 24: what a new booking is made with (pricing, its deposit rule, the messages it
   * schedules), read in one statement.
   */
  getBookingSettings(): Promise<BookingSettings>;
  /**
   * Issue 24: what a guest message is written with (the resort's details, how to pay, the
   * templates), read in one statement.
   */
  getMessageSettings(): Promise<{
    general: GeneralSettings;
    paymentInstructions: PaymentInstructions;
    messages: MessagesSettings;
  }>;
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
 * Settings are rows of the settings table (keys 'general', 'pricing' with its 'deposit',
 * 'access' and 'payment_instructions') merged over the defaults.
 */
export function createSettingsService(deps: {
  database: Database;
  config: Config;
}): SettingsService {
  const generalDefaults: GeneralSettings = {
    ...DEFAULT_GENERAL_SETTINGS,
    timezone: deps.config.timezone,
  };

  const generalOf = (stored: unknown) =>
    mergeStored(generalSettingsSchema.shape, generalDefaults, stored);
  const readGeneral = async (db: AppDb | AppTx) => generalOf(await findSetting(db, 'general'));
  const pricingOf = (stored: unknown) =>
    mergeStored(pricingSettingsSchema.shape, DEFAULT_PRICING_SETTINGS, stored);
  const depositOf = (stored: unknown): DepositSettings =>
    mergeStored(
      depositSettingsSchema.shape,
      DEFAULT_DEPOSIT_SETTINGS,
      (stored as { deposit?: unknown } | undefined)?.deposit,
    );
  const readPricing = async (db: AppDb | AppTx) => pricingOf(await findSetting(db, 'pricing'));
  const readAccess = async (db: AppDb | AppTx) =>
    mergeStored(
      accessSettingsSchema.shape,
      DEFAULT_ACCESS_SETTINGS,
      await findSetting(db, 'access'),
    );
  const readDeposit = async (db: AppDb | AppTx): Promise<DepositSettings> =>
    depositOf(await findSetting(db, 'pricing'));
  const readPricingWithDeposit = async (db: AppDb | AppTx): Promise<PricingWithDeposit> => ({
    ...(await readPricing(db)),
    deposit: await readDeposit(db),
  });
  const paymentInstructionsOf = (stored: unknown): PaymentInstructions => {
    const merged = mergeStored(
      paymentInstructionsSchema.shape,
      DEFAULT_PAYMENT_INSTRUCTIONS,
      stored,
    );
    // A number whose name was lost (an upgrade, say) must not break the pages that read it.
    return paymentInstructionsSchema.safeParse(merged).success
      ? merged
      : DEFAULT_PAYMENT_INSTRUCTIONS;
  };
  const readPaymentInstructions = async (db: AppDb | AppTx) =>
    paymentInstructionsOf(await findSetting(db, 'payment_instructions'));
  const readChannels = async (db: AppDb | AppTx): Promise<ChannelSettings> =>
    mergeStored(
      channelSettingsSchema.shape,
      { sync_minutes: deps.config.channelSyncMinutes },
      await findSetting(db, 'channels'),
    );
  const readMessages = async (db: AppDb | AppTx) =>
    mergeMessages(await findSetting(db, 'messages'));
  const readBilling = async (db: AppDb | AppTx): Promise<BillingSettings> =>
    mergeStored(
      billingSettingsSchema.shape,
      DEFAULT_BILLING_SETTINGS,
      await findSetting(db, 'billing'),
    );
  const readAll = async (db: AppDb | AppTx): Promise<AllSettings> => ({
    general: await readGeneral(db),
    pricing: await readPricingWithDeposit(db),
    access: await readAccess(db),
    payment_instructions: await readPaymentInstructions(db),
    channels: await readChannels(db),
    messages: await readMessages(db),
    billing: await readBilling(db),
  });

  /** Stores the sections that changed, each with its audit event, in the caller's transaction. */
  async function writeChanged(
    tx: AppTx,
    before: AllSettings,
    after: AllSettings,
    context: ActorContext,
  ): Promise<void> {
    for (const key of SECTIONS) {
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
  }

  return {
    getGeneral: (db) => readGeneral(db ?? deps.database.db),
    getPricing: () => readPricing(deps.database.db),
    getAll: () => readAll(deps.database.db),
    getDepositSettings: () => readDeposit(deps.database.db),
    getPaymentInstructions: () => readPaymentInstructions(deps.database.db),
    getChannelSettings: () => readChannels(deps.database.db),
    getMessages: (db) => readMessages(db ?? deps.database.db),
    getBilling: (db) => readBilling(db ?? deps.database.db),
    async getBookingSettings() {
      const stored = await findSettings(deps.database.db, ['pricing', 'messages']);
      return {
        pricing: pricingOf(stored.get('pricing')),
        deposit: depositOf(stored.get('pricing')),
        messages: mergeMessages(stored.get('messages')),
      };
    },
    async getMessageSettings() {
      const stored = await findSettings(deps.database.db, [
        'general',
        'payment_instructions',
        'messages',
      ]);
      return {
        general: generalOf(stored.get('general')),
        paymentInstructions: paymentInstructionsOf(stored.get('payment_instructions')),
        messages: mergeMessages(stored.get('messages')),
      };
    },
    async hidesRevenueFrom(role) {
      // Only the staff role: managers and up run the business and see its figures.
      if (role !== 'staff') return false;
      return (await readAccess(deps.database.db)).hide_revenue_from_staff;
    },
    async update(patch, context) {
      return context.transaction(async (tx) => {
        const before = await readAll(tx);
        const pricingPatch = patch.pricing ?? {};
        const after: AllSettings = {
          general: patch.general
            ? validateMerged(generalSettingsSchema, 'general', {
                ...before.general,
                ...patch.general,
              })
            : before.general,
          pricing: patch.pricing
            ? validateMerged(pricingWithDepositSchema, 'pricing', {
                ...before.pricing,
                ...pricingPatch,
                deposit: { ...before.pricing.deposit, ...pricingPatch.deposit },
              })
            : before.pricing,
          access: patch.access
            ? validateMerged(accessSettingsSchema, 'access', { ...before.access, ...patch.access })
            : before.access,
          payment_instructions: patch.payment_instructions
            ? validateMerged(paymentInstructionsSchema, 'payment_instructions', {
                ...before.payment_instructions,
                ...patch.payment_instructions,
              })
            : before.payment_instructions,
          channels: patch.channels
            ? validateMerged(channelSettingsSchema, 'channels', {
                ...before.channels,
                ...patch.channels,
              })
            : before.channels,
          messages: patch.messages
            ? (validateMerged(
                messagesSettingsSchema,
                'messages',
                patchMessages(before.messages, patch.messages),
              ) as MessagesSettings)
            : before.messages,
          billing: patch.billing
            ? checkBilling(
                validateMerged(billingSettingsSchema, 'billing', {
                  ...before.billing,
                  ...patch.billing,
                }),
              )
            : before.billing,
        };
        await writeChanged(tx, before, after, context);
        return after;
      });
    },
    async setPaymentQrUrl(url, context) {
      return context.transaction(async (tx) => {
        const before = await readAll(tx);
        const after: AllSettings = {
          ...before,
          payment_instructions: { ...before.payment_instructions, qr_image_url: url },
        };
        await writeChanged(tx, before, after, context);
        return before.payment_instructions.qr_image_url;
      });
    },
  };
}

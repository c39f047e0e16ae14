import {
  BedDouble,
  Coffee,
  FileText,
  KeyRound,
  Mail,
  Percent,
  ServerCog,
  SlidersHorizontal,
  Tag,
  UserCog,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { isHousekeepingOnly } from '../auth/housekeeping-access';
import { ProfileTab } from '../auth/profile-tab';
import { SecurityTab } from '../auth/security-tab';
import { SystemTab } from '../jobs/system-tab';
import { ExtrasSettingsTab } from '../extras/extras-settings-tab';
import { PromotionsSettingsTab } from '../promotions/promotions-settings-tab';
import { StayRulesSection } from '../stay-rules/stay-rules-section';
import { UnitsSettingsTab } from '../units/units-settings-tab';
import { UsersTab } from '../users/users-tab';
import { AccessSettingsForm } from './access-settings-form';
import { BillingSettingsForm } from './billing-settings-form';
import { ChannelSyncSettingsForm } from './channel-sync-settings-form';
import { DepositSettingsForm } from './deposit-settings-form';
import { GeneralSettingsForm } from './general-settings-form';
import { useSettings } from './get-settings';
import { MessagesSettingsForm } from './messages-settings-form';
import { PaymentInstructionsForm } from './payment-instructions-form';
import { PricingSettingsForm } from './pricing-settings-form';
import { SettingsLoadError, SettingsSkeleton } from './settings-section';
import { OWN_ACCOUNT_TABS } from './settings-tabs';
import type { SettingsTab } from './settings-tabs';

const TAB_META: Record<SettingsTab, { label: string; icon: LucideIcon }> = {
  general: { label: 'General', icon: SlidersHorizontal },
  units: { label: 'Units', icon: BedDouble },
  pricing: { label: 'Pricing', icon: Tag },
  extras: { label: 'Extras', icon: Coffee },
  promotions: { label: 'Promotions', icon: Percent },
  messages: { label: 'Messages', icon: Mail },
  billing: { label: 'Billing', icon: FileText },
  users: { label: 'Users', icon: Users },
  profile: { label: 'Profile', icon: UserCog },
  security: { label: 'Security', icon: KeyRound },
  system: { label: 'System', icon: ServerCog },
};

/** Tabs for administrators only (the server refuses their data to anyone else). */
const ADMIN_TABS: readonly SettingsTab[] = ['users', 'system'];

export interface SettingsPageProps {
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
}

/** SPEC §2 /settings?tab=, made real by DESIGN §3. */
export function SettingsPage({ tab, onTabChange }: SettingsPageProps) {
  const user = useCurrentUser();
  useDocumentTitle(`${TAB_META[tab].label} Settings`);
  if (!user) return null;
  const isAdmin = hasRoleAtLeast(user.role, 'admin');
  const canEdit = hasRoleAtLeast(user.role, 'owner');
  // Issue 17: the extras catalogue is managed by managers and up.
  const canManageExtras = hasRoleAtLeast(user.role, 'manager');
  const accountOnly = isHousekeepingOnly(user.role);
  const tabs = (Object.keys(TAB_META) as SettingsTab[]).filter(
    (key) =>
      (!accountOnly || OWN_ACCOUNT_TABS.includes(key)) &&
      (!ADMIN_TABS.includes(key) || isAdmin) &&
      (key !== 'extras' || canManageExtras) &&
      // Issue 21: promo codes are the managers' and up.
      (key !== 'promotions' || canManageExtras) &&
      // Issue 20: the billing profile is the owners' and administrators' (the server refuses it
      // to anyone else).
      (key !== 'billing' || canEdit),
  );
  // Users and System are for administrators, Extras and Promotions for managers and up, Billing for owners and
  // up; anyone else asking for them sees General (a housekeeping account its Profile).
  const active = tabs.includes(tab) ? tab : accountOnly ? 'profile' : 'general';

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={accountOnly ? 'My Account' : 'Settings'}
        description={
          accountOnly
            ? 'Your name, your password and the security of your account.'
            : "The resort's profile and prices, your account and its security."
        }
      />
      <Tabs value={active} onValueChange={(value) => onTabChange(value as SettingsTab)}>
        <TabsList aria-label="Settings sections" className="flex-wrap">
          {tabs.map((key) => {
            const Icon = TAB_META[key].icon;
            return (
              <TabsTrigger key={key} value={key}>
                <Icon aria-hidden="true" />
                {TAB_META[key].label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="general">
          <h2 className="sr-only">General</h2>
          <SettingsGroup kind="general" canEdit={canEdit} />
        </TabsContent>
        <TabsContent value="units">
          <h2 className="sr-only">Units</h2>
          <UnitsSettingsTab />
        </TabsContent>
        <TabsContent value="pricing">
          <h2 className="sr-only">Pricing</h2>
          <SettingsGroup kind="pricing" canEdit={canEdit} />
        </TabsContent>
        {canManageExtras ? (
          <TabsContent value="extras">
            <h2 className="sr-only">Extras</h2>
            <ExtrasSettingsTab />
          </TabsContent>
        ) : null}
        {canManageExtras ? (
          <TabsContent value="promotions">
            <h2 className="sr-only">Promotions</h2>
            <PromotionsSettingsTab />
          </TabsContent>
        ) : null}
        <TabsContent value="messages">
          <h2 className="sr-only">Messages</h2>
          <SettingsGroup kind="messages" canEdit={canEdit} />
        </TabsContent>
        {canEdit ? (
          <TabsContent value="billing">
            <h2 className="sr-only">Billing</h2>
            <BillingGroup />
          </TabsContent>
        ) : null}
        {isAdmin ? (
          <TabsContent value="users">
            <h2 className="sr-only">Users</h2>
            <UsersTab currentUserId={user.id} />
          </TabsContent>
        ) : null}
        <TabsContent value="profile">
          <h2 className="sr-only">Profile</h2>
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="security">
          <h2 className="sr-only">Security</h2>
          <SecurityTab user={user} />
        </TabsContent>
        {isAdmin ? (
          <TabsContent value="system">
            <h2 className="sr-only">System</h2>
            <SystemTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}

function SettingsGroup({
  kind,
  canEdit,
}: {
  kind: 'general' | 'pricing' | 'messages';
  canEdit: boolean;
}) {
  const settings = useSettings();
  if (settings.isPending) return <SettingsSkeleton label={`Loading ${kind} settings...`} />;
  if (settings.isError) {
    return (
      <SettingsLoadError
        what={`the ${kind} settings`}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  if (kind === 'messages') {
    return (
      // No key from the values: the form resets itself to what it saved, and a remount while
      // saving would drop the save's own callbacks (its toast).
      <MessagesSettingsForm settings={settings.data.messages} canEdit={canEdit} />
    );
  }
  return kind === 'general' ? (
    <div className="grid gap-6">
      <GeneralSettingsForm settings={settings.data.general} canEdit={canEdit} />
      <AccessSettingsForm settings={settings.data.access} canEdit={canEdit} />
      <ChannelSyncSettingsForm
        key={settings.data.channels.sync_minutes}
        settings={settings.data.channels}
        canEdit={canEdit}
      />
    </div>
  ) : (
    <div className="grid gap-6">
      <PricingSettingsForm settings={settings.data.pricing} canEdit={canEdit} />
      <StayRulesSection seasons={settings.data.pricing.seasons} canEdit={canEdit} />
      <DepositSettingsForm
        key={JSON.stringify(settings.data.pricing.deposit)}
        deposit={settings.data.pricing.deposit}
        canEdit={canEdit}
      />
      <PaymentInstructionsForm
        // Not on the QR code's address: an upload must not drop text being typed.
        key={JSON.stringify({ ...settings.data.payment_instructions, qr_image_url: null })}
        settings={settings.data.payment_instructions}
        canEdit={canEdit}
      />
    </div>
  );
}

/** Issue 20: Settings → Billing, the seller's profile and the document mode. */
function BillingGroup() {
  const settings = useSettings();
  if (settings.isPending) return <SettingsSkeleton label="Loading billing settings..." />;
  if (settings.isError) {
    return (
      <SettingsLoadError
        what="the billing settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  // No key from the values: the form keeps what it saved itself (as Messages does).
  return <BillingSettingsForm settings={settings.data.billing} />;
}

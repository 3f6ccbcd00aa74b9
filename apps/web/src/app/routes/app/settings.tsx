import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { useAccountProfile } from '@/features/settings/api/account';
import { useCompanyProfile } from '@/features/settings/api/company-profile';
import { AccountDetailsForm } from '@/features/settings/components/account-details-form';
import { ChangePasswordForm } from '@/features/settings/components/change-password-form';
import { CompanyProfileForm } from '@/features/settings/components/company-profile-form';
import { TaxRulesForm } from '@/features/settings/components/tax-rules-form';
import { useTallyLedgers } from '@/features/tally/api/tally';
import { TallyExportForm } from '@/features/tally/components/tally-export-form';
import { TallyLedgersForm } from '@/features/tally/components/tally-ledgers-form';
import { useCompanySettings } from '@/lib/company-settings';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}

/**
 * A section's form once its data is in: the load's failure with a retry, else a skeleton of the form's height until
 * the data (and `ready`, when the form also needs the user's role) is there.
 */
function Loaded<T>({
  query,
  what,
  height,
  ready = true,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  height: number;
  ready?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <LoadError
        title={`Could not load ${what}`}
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isRefetching}
      />
    );
  }
  if (query.data === undefined || !ready) return <Skeleton h={height} radius="md" aria-label={`Loading ${what}`} />;
  return children(query.data);
}

/** Settings: the signed-in user's own details and password. */
export function SettingsRoute() {
  const profile = useAccountProfile();
  const taxRules = useCompanySettings();
  const tally = useTallyLedgers();
  const companyProfile = useCompanyProfile();
  const isAdmin = profile.data?.role === 'TENANT_ADMIN';
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Settings
        </Title>
        <Text c="dimmed">Your own details, your password, the company's tax and cash rules, and its Tally export.</Text>
      </div>
      <Section title="Your Details" description="Your name as others see it, and how to reach you.">
        <Loaded query={profile} what="your details" height={140}>
          {(data) => <AccountDetailsForm profile={data} />}
        </Loaded>
      </Section>
      <Section
        title="Change Password"
        description="Enter your current password, then the new one twice. Other devices will be signed out."
      >
        <ChangePasswordForm />
      </Section>
      <Section
        title="Tax and cash rules"
        description="The rules of a plot sale in India that Plotbook applies to this company's sales and receipts."
      >
        <Loaded query={taxRules} what="the tax and cash rules" height={220} ready={profile.data !== undefined}>
          {(data) => <TaxRulesForm settings={data} readOnly={!isAdmin} />}
        </Loaded>
      </Section>
      <Section
        title="Export to Tally"
        description="The receipts and payments of a date range as a file Tally imports, or as an Excel sheet."
      >
        <TallyExportForm />
      </Section>
      <Section
        title="Tally ledgers"
        description="The Tally ledger each mode of payment and each particular is posted to."
      >
        <Loaded query={tally} what="the Tally ledgers" height={320} ready={profile.data !== undefined}>
          {(data) => <TallyLedgersForm ledgers={data} readOnly={!isAdmin} />}
        </Loaded>
      </Section>
      {isAdmin ? (
        <Section
          title="Company Profile"
          description="The letterhead of receipts, statements and allotment letters, and the receipt numbers' prefix."
        >
          <Loaded query={companyProfile} what="the company profile" height={220}>
            {(data) => <CompanyProfileForm profile={data} />}
          </Loaded>
        </Section>
      ) : null}
    </Stack>
  );
}
